import { groupContactInput, type GroupContact, type GroupContactInput } from '@sapa/contracts';

/** The form keeps each column's value under 'v:<column>' next to name and phoneNumber. */
export const valueKey = (column: string) => `v:${column}`;

export type ContactFormValues = Record<string, string>;

/** The form's first values: empty, or the contact's (its number with '+', as it would be typed). */
export function contactFormValues(
  contact: GroupContact | null,
  columns: readonly string[],
): ContactFormValues {
  const values: ContactFormValues = {
    name: contact?.name ?? '',
    phoneNumber: contact?.phoneNumber ? `+${contact.phoneNumber}` : '',
  };
  for (const column of columns) values[valueKey(column)] = contact?.values[column] ?? '';
  return values;
}

export type ParsedContactForm =
  { ok: true; data: GroupContactInput } | { ok: false; errors: Record<string, string> };

/**
 * Checks the form with the contract's groupContactInput, as the server will: the Indonesian message
 * of each field's first problem, keyed like the form; or the body to send (the number normalised to
 * digits with the country code, blank values left out).
 */
export function parseContactForm(values: ContactFormValues, columns: readonly string[]): ParsedContactForm {
  const parsed = groupContactInput.safeParse({
    name: values.name ?? '',
    phoneNumber: values.phoneNumber ?? '',
    values: Object.fromEntries(columns.map((c) => [c, values[valueKey(c)] ?? ''])),
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const key = first === 'values' && typeof second === 'string' ? valueKey(second) : String(first ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * The server's field errors keyed like the form: 'contacts.0.phoneNumber' (POST sends a list) is
 * 'phoneNumber', 'values.Kota' is 'v:Kota'.
 */
export function formFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.replace(/^contacts\.\d+\./, '');
    const column = /^values\.(.+)$/.exec(key)?.[1];
    out[column !== undefined ? valueKey(column) : key] = message;
  }
  return out;
}
