import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import {
  DEFAULT_LABEL_COLOR,
  LABEL_MESSAGES,
  LABEL_NAME_MAX_LENGTH,
  labelBody,
  type Label,
  WEB_MESSAGES,
} from '@sapa/contracts';
import { FormModal, ModalForm, NameInput, useSaveCallbacks } from '../../components/form-modal';
import { useZodForm } from '../../lib/use-zod-form';
import { LabelBadge } from './label-badge';
import { LabelColorField } from './label-color-field';
import { useSaveLabel } from '../../resources/label/label-queries';
import { LABEL_TEXT } from './label-strings';

export interface LabelFormModalProps {
  opened: boolean;
  /** the label being edited; null adds a new one */
  label: Label | null;
  onClose: () => void;
}

/** 'Tambah Label' / 'Ubah Label': a name and a colour, with a preview of the chip. */
export function LabelFormModal({ opened, label, onClose }: LabelFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={label ? LABEL_TEXT.edit : LABEL_TEXT.add} resetOnOpen>
      <LabelForm label={label} onDone={onClose} />
    </FormModal>
  );
}

function LabelForm({ label, onDone }: { label: Label | null; onDone: () => void }) {
  const save = useSaveLabel();
  const form = useZodForm({ name: label?.name ?? '', color: label?.color ?? DEFAULT_LABEL_COLOR });
  const saved = useSaveCallbacks(onDone, (error) =>
    form.applyServerError(error, WEB_MESSAGES.unexpectedError),
  );
  const [previewColor, setPreviewColor] = useState(form.values.color);
  const name = form.values.name.trim();
  const validColor = /^#[0-9a-f]{6}$/i.test(form.values.color.trim());
  if (validColor && form.values.color.trim().toLowerCase() !== previewColor) {
    setPreviewColor(form.values.color.trim().toLowerCase());
  }

  const submit = () => {
    const body = form.validate(labelBody);
    if (!body) return;
    save.mutate(
      { id: label?._id ?? null, body },
      saved(label ? LABEL_MESSAGES.updated : LABEL_MESSAGES.created),
    );
  };

  return (
    <ModalForm
      onSubmit={submit}
      pending={save.isPending}
      formError={form.formError}
      onCancel={onDone}
      submitTestId="label-submit"
      data-testid="label-form"
    >
      <NameInput
        label={LABEL_TEXT.nameLabel}
        placeholder={LABEL_TEXT.namePlaceholder}
        max={LABEL_NAME_MAX_LENGTH}
        {...form.getInputProps('name')}
        data-testid="label-name"
      />
      <LabelColorField
        value={form.values.color}
        onChange={(color) => form.setFieldValue('color', color)}
        error={form.errors.color}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {LABEL_TEXT.preview}
        </Text>
        <div className="sapa-label-preview" data-testid="label-preview">
          <LabelBadge label={{ name: name || LABEL_TEXT.nameLabel, color: previewColor }} size="md" />
          <LabelBadge label={{ name: name || LABEL_TEXT.nameLabel, color: previewColor }} variant="filled" />
        </div>
      </Stack>
    </ModalForm>
  );
}
