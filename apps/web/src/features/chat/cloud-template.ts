import { t, type CloudTemplate } from '@sapa/contracts';

/** A WhatsApp template's placeholders: {{1}}, {{2}}... */
const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;
/** cloudTemplateSend: each value at most 1024 characters */
const PARAMETER_MAX = 1024;

/** A piece of a template text for the preview: plain text, or the value of {{n}} (empty until typed). */
export type TemplatePart = { text: string } | { n: number; value: string };

/** Splits a template text at its placeholders, each with the value typed for it so far. */
export function templateParts(text: string, values: readonly string[]): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at) });
    const n = Number(match[1]);
    parts.push({ n, value: values[n - 1] ?? '' });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The text with each {{n}} replaced by its value; a placeholder without a value stays as it is. */
export function fillTemplate(text: string, values: readonly string[]): string {
  return text.replace(PLACEHOLDER, (whole, n: string) => values[Number(n) - 1] || whole);
}

/** Each parameter's refusal, or null: all are required, at most 1024 characters (after trimming). */
export function parameterErrors(values: readonly string[]): (string | null)[] {
  return values.map((value) => {
    const v = value.trim();
    if (!v) return t('validation.required');
    return v.length > PARAMETER_MAX ? t('validation.maxLength', { max: PARAMETER_MAX }) : null;
  });
}

/** The body of POST /chat/{id}/message for a template: its filled body as text, and the values. */
export function templateContent(template: CloudTemplate, values: readonly string[]) {
  const parameters = values.slice(0, template.parameterCount).map((v) => v.trim());
  return {
    type: 'text' as const,
    text: fillTemplate(template.body, parameters),
    template: { name: template.name, language: template.language, parameters },
  };
}

let languageNames: Intl.DisplayNames | null | undefined;

/** A template language code ('id', 'en_US') in Indonesian ('Indonesia', 'Inggris (Amerika Serikat)'). */
export function languageName(code: string): string {
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(['id'], { type: 'language' });
    } catch {
      languageNames = null;
    }
  }
  try {
    return languageNames?.of(code.replace(/_/g, '-')) ?? code;
  } catch {
    return code;
  }
}

/** Whether a template's name matches the search ('order update' finds 'order_update'). */
export function matchesTemplate(template: CloudTemplate, search: string): boolean {
  const words = (s: string) =>
    s
      .toLowerCase()
      .replace(/[_\s]+/g, ' ')
      .trim();
  const wanted = words(search);
  return !wanted || words(template.name).includes(wanted);
}
