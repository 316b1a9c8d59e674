import { useState } from 'react';
import type { z } from 'zod';
import { t, WEB_MESSAGES } from '@sapa/contracts';
import { ApiError, errorMessage } from '../../lib/api-error';

const REQUIRED = t('validation.required');
const grouped = (n: number | bigint) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * Indonesian words for zod's own issues, where the contracts' schema has no message of its own (a
 * price under its minimum, a missing number): 'Minimal 1.000', 'Maksimal 90', 'Value is required'.
 */
export function settingIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return REQUIRED;
      return issue.expected === 'int' ? 'Harus bilangan bulat' : 'Isian tidak valid';
    case 'too_small':
      if (issue.origin === 'string') return t('validation.minLength', { min: Number(issue.minimum) });
      if (issue.origin === 'array') return `Minimal ${grouped(issue.minimum)} item`;
      return `Minimal ${grouped(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return t('validation.maxLength', { max: Number(issue.maximum) });
      if (issue.origin === 'array') return `Maksimal ${grouped(issue.maximum)} item`;
      return `Maksimal ${grouped(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'Alamat tautan tidak valid' : 'Format tidak valid';
    default:
      return 'Isian tidak valid';
  }
}

/** A number field's value: a number, or '' while it is empty. */
export type NumberValue = number | '';

/** A number field's value for the schema: empty is missing (the schema says it is required). */
export const numberOrUndefined = (value: NumberValue): number | undefined =>
  value === '' ? undefined : value;

/** NumberInput's change: a number, or '' for anything else (an emptied field). */
export const toNumberValue = (value: number | string): NumberValue =>
  typeof value === 'number' ? value : '';

export interface SettingForm<V> {
  values: V;
  /** each field's message by its path in the body ('plans.0.monthlyPrice'), from the schema or the server */
  errors: Record<string, string>;
  /** the server's refusal shown above the fields */
  formError: string | null;
  /** changes the values and clears the error of `path` */
  change: (update: (values: V) => V, path?: string) => void;
  /** clears every error under `prefix` (a removed row shifts the rows after it) */
  clearUnder: (prefix: string) => void;
  /**
   * A submit starts: the body checked by the contracts' schema; the parsed body, or null after
   * showing each field's first issue. `rename` maps a body path to the form's, where they differ.
   */
  check: <Out>(schema: z.ZodType<Out>, body: unknown, rename?: (path: string) => string) => Out | null;
  /** The server's refusal: the fields it names under them, its message above the form otherwise. */
  fail: (error: unknown, rename?: (path: string) => string) => void;
  /** new values (the server's answer), no errors */
  reset: (values: V) => void;
}

/**
 * The state of a settings section whose body is nested (plans, bank accounts, links): errors are
 * kept by the full path, as the contracts' schema and the server's VALIDATION fields name them.
 */
export function useSettingForm<V>(initial: V | (() => V)): SettingForm<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (update: (values: V) => V, path?: string) => {
    setValues(update);
    if (path)
      setErrors((prev) => {
        if (!(path in prev)) return prev;
        const { [path]: _cleared, ...rest } = prev;
        return rest;
      });
  };

  const clearUnder = (prefix: string) =>
    setErrors((prev) =>
      Object.fromEntries(
        Object.entries(prev).filter(([path]) => path !== prefix && !path.startsWith(`${prefix}.`)),
      ),
    );

  const check = <Out>(schema: z.ZodType<Out>, body: unknown, rename = (path: string) => path): Out | null => {
    setFormError(null);
    const result = schema.safeParse(body, { error: settingIssueMessage });
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) next[rename(issue.path.join('.'))] ??= issue.message;
    setErrors(next);
    return null;
  };

  const fail = (error: unknown, rename = (path: string) => path) => {
    const message = errorMessage(error, WEB_MESSAGES.unexpectedError);
    const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
    setErrors(Object.fromEntries(fields.map(([path, text]) => [rename(path), text])));
    // the message repeats a field's error when the server named the field: show it once, on the field
    setFormError(fields.some(([, text]) => message.endsWith(text)) ? null : message);
  };

  const reset = (next: V) => {
    setValues(next);
    setErrors({});
    setFormError(null);
  };

  return { values, errors, formError, change, clearUnder, check, fail, reset };
}
