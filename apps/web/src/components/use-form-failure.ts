import { t, WEB_MESSAGES } from '@sapa/contracts';
import { errorMessage } from '../lib/api-error';
import type { ZodForm } from '../lib/use-zod-form';
import { useToast } from './toast/use-toast';

/**
 * A modal form's refusal: the fields the server names are marked on the form, and its message is
 * toasted as 'Gagal' rather than shown above the form.
 */
export function useFormFailure() {
  const toast = useToast();
  return <V extends Record<string, string>>(form: ZodForm<V>, error: unknown) => {
    form.applyServerError(error, WEB_MESSAGES.unexpectedError);
    form.setFormError(null); // the toast says it already
    toast.show({
      title: t('common.failed'),
      message: errorMessage(error, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });
  };
}
