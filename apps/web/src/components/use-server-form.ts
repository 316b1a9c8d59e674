import { useState } from 'react';
import { ApiError, errorMessage } from '../lib/api-error';
import { WEB_MESSAGES } from '@sapa/contracts';

/** A schema's safeParse answer (zod's, or any of the same shape). */
export type ParseResult<Out> =
  | { success: true; data: Out }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

export interface ServerForm<F extends string> {
  /** each field's message, from the schema or the server */
  errors: Partial<Record<F, string>>;
  /** the server's refusal shown above the form */
  formError: string | null;
  /**
   * A submit starts: clears the form's alert, then returns the parsed data, or null after showing
   * each field's first issue (an issue without a field goes on `fallbackField`).
   */
  check: <Out>(result: ParseResult<Out>, fallbackField?: F) => Out | null;
  clearError: (field: F) => void;
  /** The server's refusal: the fields it names (in place of any others), else its message above the form. */
  fail: (error: unknown) => void;
}

/** Field errors and the form's alert for a form kept in plain state and checked by a schema on submit. */
export function useServerForm<F extends string = string>(): ServerForm<F> {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const check = <Out>(result: ParseResult<Out>, fallbackField?: F): Out | null => {
    setFormError(null);
    if (!result.success) {
      const next: Record<string, string> = {};
      for (const issue of result.error.issues) next[String(issue.path[0] ?? fallbackField)] ??= issue.message;
      setErrors(next as Partial<Record<F, string>>);
      return null;
    }
    setErrors({});
    return result.data;
  };

  const clearError = (field: F) => setErrors((prev) => ({ ...prev, [field]: undefined }));

  const fail = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length) {
      setErrors(error.fields as Partial<Record<F, string>>);
    } else setFormError(errorMessage(error, WEB_MESSAGES.unexpectedError));
  };

  return { errors, formError, check, clearError, fail };
}
