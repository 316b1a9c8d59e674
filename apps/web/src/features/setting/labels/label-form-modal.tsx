import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_LABEL_COLOR,
  LABEL_MESSAGES,
  LABEL_NAME_MAX_LENGTH,
  labelBody,
  t,
  type Label,
} from '@sapa/contracts';
import { FormAlert } from '../../../components/form-alert';
import { useToast } from '../../../components/toast/use-toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { WEB_MESSAGES } from '../../../lib/web-messages';
import { LabelBadge } from './label-badge';
import { LabelColorField } from './label-color-field';
import { useSaveLabel } from './label-queries';
import { LABEL_TEXT } from './label-strings';

export interface LabelFormModalProps {
  opened: boolean;
  /** the label being edited; null adds a new one */
  label: Label | null;
  onClose: () => void;
}

/** 'Tambah Label' / 'Ubah Label': a name and a colour, with a preview of the chip. */
export function LabelFormModal({ opened, label, onClose }: LabelFormModalProps) {
  // each opening starts a fresh form from the label's values; the form stays while the modal closes
  const [openings, setOpenings] = useState({ count: 0, opened: false });
  if (opened !== openings.opened) setOpenings({ count: openings.count + (opened ? 1 : 0), opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={label ? LABEL_TEXT.edit : LABEL_TEXT.add}
      centered
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <LabelForm key={openings.count} label={label} onDone={onClose} />
    </Modal>
  );
}

function LabelForm({ label, onDone }: { label: Label | null; onDone: () => void }) {
  const toast = useToast();
  const save = useSaveLabel();
  const form = useZodForm({ name: label?.name ?? '', color: label?.color ?? DEFAULT_LABEL_COLOR });
  const [previewColor, setPreviewColor] = useState(form.values.color);
  const name = form.values.name.trim();
  const validColor = /^#[0-9a-f]{6}$/i.test(form.values.color.trim());
  if (validColor && form.values.color.trim().toLowerCase() !== previewColor) {
    setPreviewColor(form.values.color.trim().toLowerCase());
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = form.validate(labelBody);
    if (!body) return;
    save.mutate(
      { id: label?._id ?? null, body },
      {
        onSuccess: () => {
          toast.show({
            title: t('common.success'),
            message: label ? LABEL_MESSAGES.updated : LABEL_MESSAGES.created,
            type: 'success',
          });
          onDone();
        },
        onError: (error) => form.applyServerError(error, WEB_MESSAGES.unexpectedError),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="label-form">
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <TextInput
          label={LABEL_TEXT.nameLabel}
          placeholder={LABEL_TEXT.namePlaceholder}
          description={`Maksimal ${LABEL_NAME_MAX_LENGTH} karakter`}
          data-autofocus
          autoComplete="off"
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
            <LabelBadge
              label={{ name: name || LABEL_TEXT.nameLabel, color: previewColor }}
              variant="filled"
            />
          </div>
        </Stack>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {LABEL_TEXT.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="label-submit">
            {LABEL_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
