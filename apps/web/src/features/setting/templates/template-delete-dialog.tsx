import { useState } from 'react';
import { Text } from '@mantine/core';
import { t, type ChatTemplate } from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { WEB_MESSAGES } from '../../../lib/web-messages';
import { useDeleteTemplate } from './template-queries';
import { TEMPLATE_TEXT } from './template-strings';

export interface TemplateDeleteDialogProps {
  /** the template to delete; null closes the dialog */
  template: ChatTemplate | null;
  onClose: () => void;
}

/** 'Hapus Template': confirms, deletes, then toasts 'Template berhasil dihapus' or the server's refusal. */
export function TemplateDeleteDialog({ template, onClose }: TemplateDeleteDialogProps) {
  const toast = useToast();
  const remove = useDeleteTemplate();
  // the title stays while the dialog closes
  const [shown, setShown] = useState(template);
  if (template && template !== shown) setShown(template);

  const confirm = () => {
    if (!template || remove.isPending) return;
    remove.mutate(template._id, {
      onSuccess: () => {
        toast.show({ title: t('common.success'), message: TEMPLATE_TEXT.deleted, type: 'success' });
        onClose();
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
      opened={!!template}
      title={TEMPLATE_TEXT.deleteTitle}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="template-delete-confirm"
    >
      <Text size="sm">{TEMPLATE_TEXT.deleteBody.replace('{title}', shown?.title ?? '')}</Text>
    </ConfirmDeleteDialog>
  );
}
