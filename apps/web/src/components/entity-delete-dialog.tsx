import { useState, type ReactNode } from 'react';
import { t, WEB_MESSAGES } from '@sapa/contracts';
import { errorMessage } from '../lib/api-error';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { useToast } from './toast/use-toast';

/** The part of a delete mutation (`useMutation` keyed by the entity's id) the dialog uses. */
export interface DeleteMutation<R> {
  mutate: (
    id: string,
    options: { onSuccess: (answer: R) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

export interface EntityDeleteDialogProps<T extends { _id: string }, R extends { message: string }> {
  /** the entity to delete; null closes the dialog */
  entity: T | null;
  onClose: () => void;
  /** called after a successful deletion, once the dialog is told to close */
  onDeleted?: () => void;
  /** the delete mutation, called with the entity's `_id` */
  remove: DeleteMutation<R>;
  title: string;
  /** the body, from the entity last shown: the text stays while the dialog closes */
  children: (shown: T | null) => ReactNode;
  /** the success toast's text; the server's `message` when left out */
  successMessage?: (answer: R) => string;
  testId: string;
  submitTestId?: string;
}

/**
 * A 'Hapus …?' dialog for one entity: confirms, deletes it, toasts the result
 * (the success text, or the server's refusal) and closes on success.
 */
export function EntityDeleteDialog<T extends { _id: string }, R extends { message: string }>({
  entity,
  onClose,
  onDeleted,
  remove,
  title,
  children,
  successMessage = (answer) => answer.message,
  testId,
  submitTestId,
}: EntityDeleteDialogProps<T, R>) {
  const toast = useToast();
  const [shown, setShown] = useState(entity);
  if (entity && entity !== shown) setShown(entity);

  const confirm = () => {
    if (!entity || remove.isPending) return;
    remove.mutate(entity._id, {
      onSuccess: (answer) => {
        toast.show({ title: t('common.success'), message: successMessage(answer), type: 'success' });
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        toast.show({
          title: t('common.failed'),
          message: errorMessage(error, WEB_MESSAGES.unexpectedError),
          type: 'error',
        });
      },
    });
  };

  return (
    <ConfirmDeleteDialog
      opened={!!entity}
      title={title}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId={testId}
      submitTestId={submitTestId}
    >
      {children(shown)}
    </ConfirmDeleteDialog>
  );
}
