import type { FormEvent } from 'react';
import { useDeferredModule } from '../../lib/use-deferred-module';
import type { ZodForm } from '../../lib/use-zod-form';
import { WEB_MESSAGES } from '@sapa/contracts';

type Schemas = typeof import('./auth-schemas');
const loadSchemas = (): Promise<Schemas> => import('./auth-schemas');

/**
 * Wires an auth form to its lazily loaded schemas: the first keystroke or click starts loading
 * them, and submit waits for them before validating.
 */
export function useAuthForm<V extends Record<string, string>>(
  form: ZodForm<V>,
  submit: (schemas: Schemas) => Promise<void> | void,
) {
  const schemas = useDeferredModule(loadSchemas);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let loaded: Schemas;
    try {
      loaded = await schemas.get();
    } catch {
      form.setFormError(WEB_MESSAGES.networkError);
      return;
    }
    await submit(loaded);
  };
  return {
    onSubmit: (event: FormEvent) => void onSubmit(event),
    onInputCapture: schemas.prefetch,
    onPointerDownCapture: schemas.prefetch,
    noValidate: true,
  };
}
