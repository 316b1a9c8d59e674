import { Text } from '@mantine/core';
import { interpolate, type ChatTemplate } from '@sapa/contracts';
import { EntityDeleteDialog } from '../../components/entity-delete-dialog';
import { useDeleteTemplate } from '../../resources/template/template-queries';
import { TEMPLATE_TEXT } from './template-strings';

export interface TemplateDeleteDialogProps {
  /** the template to delete; null closes the dialog */
  template: ChatTemplate | null;
  onClose: () => void;
}

/** 'Hapus Template': confirms, deletes, then toasts 'Template berhasil dihapus' or the server's refusal. */
export function TemplateDeleteDialog({ template, onClose }: TemplateDeleteDialogProps) {
  const remove = useDeleteTemplate();
  return (
    <EntityDeleteDialog
      entity={template}
      onClose={onClose}
      remove={remove}
      title={TEMPLATE_TEXT.deleteTitle}
      successMessage={() => TEMPLATE_TEXT.deleted}
      testId="template-delete-confirm"
    >
      {(shown) => (
        <Text size="sm">{interpolate(TEMPLATE_TEXT.deleteBody, { title: shown?.title ?? '' })}</Text>
      )}
    </EntityDeleteDialog>
  );
}
