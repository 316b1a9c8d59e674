import { useCallback, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from './api-error';

type Values = Record<string, string>;
type Errors<V> = Partial<Record<keyof V & string, string>>;

export interface ZodForm<V extends Values> {
  values: V;
  errors: Errors<V>;
  /** The server's refusal shown above the form (its Indonesian message). */
  formError: string | null;
  setFieldValue: (name: keyof V & string, value: string) => void;
  setValues: (values: V) => void;
  setFieldError: (name: keyof V & string, message: string | undefined) => void;
  getInputProps: (name: keyof V & string) => {
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement> | string) => void;
  };
  /** Validates with a schema; returns the parsed output or null after showing the field errors. */
  validate: <Out>(schema: z.ZodType<Out>) => Out | null;
  /** Shows an API refusal: field errors on matching inputs, otherwise the message above the form. */
  applyServerError: (error: unknown, fallback: string) => void;
  setFormError: (message: string | null) => void;
}

/**
 * Small form state validated by contracts zod schemas; messages come from the schema itself. The
 * schema is passed at submit time, so a page can load it after the page itself.
 */
export function useZodForm<V extends Values>(initial: V): ZodForm<V> {
  const [values, setValuesState] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setFieldError = useCallback((name: keyof V & string, message: string | undefined) => {
    setErrors((prev) => ({ ...prev, [name]: message }));
  }, []);

  const setFieldValue = useCallback((name: keyof V & string, value: string) => {
    setValuesState((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);

  const setValues = useCallback((next: V) => {
    setValuesState(next);
    setErrors({});
  }, []);

  const getInputProps = (name: keyof V & string) => ({
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement> | string) =>
      setFieldValue(name, typeof event === 'string' ? event : event.currentTarget.value),
  });

  const validate = <Out>(schema: z.ZodType<Out>): Out | null => {
    setFormError(null);
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Errors<V> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '') as keyof V & string;
      if (key && !next[key]) next[key] = issue.message;
    }
    setErrors(next);
    return null;
  };

  const applyServerError = (error: unknown, fallback: string) => {
    const message = error instanceof Error && error.message ? error.message : fallback;
    const fields = error instanceof ApiError ? error.fields : {};
    const known = Object.entries(fields).filter(([name]) => name in values);
    if (known.length) setErrors((prev) => ({ ...prev, ...Object.fromEntries(known) }));
    // The message repeats a field error when the server named the field; show it once, on the input.
    const shownOnField = known.some(([, text]) => message.endsWith(text));
    setFormError(shownOnField ? null : message);
  };

  return {
    values,
    errors,
    formError,
    setFieldValue,
    setValues,
    setFieldError,
    getInputProps,
    validate,
    applyServerError,
    setFormError,
  };
}
