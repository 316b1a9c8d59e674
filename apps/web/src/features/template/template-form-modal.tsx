import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  ATTACHMENT_MESSAGES,
  fileRefusal,
  LIMITS,
  MESSAGE_TYPE_NAMES,
  t,
  TEMPLATE_TYPES,
  type ChatTemplate,
  WEB_MESSAGES,
} from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { FormPhoneField } from '../../components/form-phone-field';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { MessageTypeIcon } from '../../components/message-type-icon';
import { uploadMedia } from '../../resources/chat/upload-media';
import {
  buildTemplateBody,
  fieldOfPath,
  fileFromUpload,
  hasText,
  initialForm,
  isFileKind,
  type FileKind,
  type TemplateErrors,
  type TemplateFiles,
  type TemplateFormValues,
  type TemplateType,
} from './template-form';
import { MediaFileField } from '../../components/content-editor/media-file-field';
import { useSaveTemplate } from '../../resources/template/template-queries';
import { TEMPLATE_TEXT } from './template-strings';

const TYPE_OPTIONS = TEMPLATE_TYPES.map((type) => ({ value: type, label: MESSAGE_TYPE_NAMES[type] }));

const TEXT_DESCRIPTION: Record<TemplateType, string> = {
  text: 'Isi pesan yang dimasukkan ke kolom pesan.',
  image: 'Opsional. Dikirim sebagai keterangan gambar.',
  video: 'Opsional. Dikirim sebagai keterangan video.',
  audio: 'Opsional. Dikirim bersama audio.',
  document: 'Opsional. Dikirim sebagai keterangan dokumen.',
  location: '',
  contact: '',
};

export interface TemplateFormModalProps {
  opened: boolean;
  /** the template being edited; null adds a new one */
  template: ChatTemplate | null;
  onClose: () => void;
}

/** Tambah / Ubah Template: a modal whose form starts afresh each time it opens. */
export function TemplateFormModal({ opened, template, onClose }: TemplateFormModalProps) {
  // a new form each time the modal opens; the old one stays during the closing transition
  const [session, setSession] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setSession((n) => n + 1);
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template ? TEMPLATE_TEXT.edit : TEMPLATE_TEXT.add}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <TemplateForm key={session} template={template} onDone={onClose} />
    </Modal>
  );
}

function TemplateForm({ template, onDone }: { template: ChatTemplate | null; onDone: () => void }) {
  const toast = useToast();
  const [initial] = useState(() => initialForm(template));
  const form = useZodForm<TemplateFormValues>(initial.values);
  const [files, setFiles] = useState<TemplateFiles>(initial.files);
  const [uploading, setUploading] = useState<{ kind: FileKind; name: string } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const uploadSeq = useRef(0);
  const save = useSaveTemplate();
  const type = form.values.type;

  // an upload still running when the form goes away is ignored
  useEffect(
    () => () => {
      uploadSeq.current += 1;
    },
    [],
  );

  const showErrors = (errors: TemplateErrors) => {
    const { file, ...fields } = errors;
    for (const name of Object.keys(form.values) as (keyof TemplateFormValues)[]) {
      form.setFieldError(name, fields[name]);
    }
    setFileError(file);
  };

  const changeType = (value: string | null) => {
    if (!value || value === type) return;
    form.setFieldValue('type', value);
    setFileError(undefined);
    form.setFormError(null);
  };

  const pickFile = async (file: File) => {
    if (!isFileKind(type)) return;
    const kind = type;
    const refusal = fileRefusal(kind, { size: file.size, mimetype: file.type });
    if (refusal) {
      setFileError(refusal);
      return;
    }
    if (file.size === 0) {
      setFileError(ATTACHMENT_MESSAGES.fileEmpty);
      return;
    }
    setFileError(undefined);
    const seq = ++uploadSeq.current;
    setUploading({ kind, name: file.name });
    try {
      const uploaded = await uploadMedia(file);
      if (seq !== uploadSeq.current) return;
      setFiles((prev) => ({ ...prev, [kind]: fileFromUpload(kind, uploaded) }));
    } catch (error) {
      if (seq !== uploadSeq.current) return;
      setFileError(errorMessage(error, ATTACHMENT_MESSAGES.uploadFailed));
    } finally {
      if (seq === uploadSeq.current) setUploading(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading || save.isPending) return;
    form.setFormError(null);
    const result = buildTemplateBody(form.values, files);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    showErrors({});
    save.mutate(
      { id: template?._id ?? null, body: result.body },
      {
        onSuccess: () => {
          toast.show({ title: t('common.success'), message: TEMPLATE_TEXT.saved, type: 'success' });
          onDone();
        },
        onError: (error) => {
          const message = errorMessage(error, WEB_MESSAGES.unexpectedError);
          const errors: TemplateErrors = {};
          if (error instanceof ApiError) {
            for (const [path, text] of Object.entries(error.fields)) {
              const field = fieldOfPath(path);
              if (field && !errors[field]) errors[field] = text;
            }
          }
          showErrors(errors);
          const onField = Object.values(errors).some((text) => text && message.endsWith(text));
          form.setFormError(onField ? null : message);
          toast.show({ title: t('common.failed'), message, type: 'error' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="template-form">
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <TextInput
          label="Judul"
          placeholder="Contoh: Salam pembuka"
          description="Dipakai untuk mencari template setelah mengetik /"
          maxLength={LIMITS.nameMaxLength}
          withAsterisk
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Select
          label="Jenis"
          data={TYPE_OPTIONS}
          value={type}
          onChange={changeType}
          allowDeselect={false}
          checkIconPosition="right"
          size="md"
          withAsterisk
          leftSection={<MessageTypeIcon type={type} size={18} />}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <MessageTypeIcon type={option.value as TemplateType} size={16} />
              {option.label}
            </Group>
          )}
          comboboxProps={{ withinPortal: true }}
          error={form.errors.type}
          data-testid="template-type"
        />
        {isFileKind(type) ? (
          <MediaFileField
            key={type}
            kind={type}
            file={files[type]}
            uploading={uploading?.kind === type ? uploading.name : null}
            error={fileError}
            caption={form.values.text}
            disabled={save.isPending}
            onPick={(file) => void pickFile(file)}
            testIdPrefix="template"
          />
        ) : null}
        {type === 'location' ? (
          <>
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label="Latitude"
                placeholder="-6.200000"
                inputMode="decimal"
                withAsterisk
                {...form.getInputProps('latitude')}
              />
              <TextInput
                label="Longitude"
                placeholder="106.816666"
                inputMode="decimal"
                withAsterisk
                {...form.getInputProps('longitude')}
              />
            </SimpleGrid>
            <TextInput
              label="Nama Lokasi"
              placeholder="Toko Pusat"
              withAsterisk
              {...form.getInputProps('locationName')}
            />
            <TextInput
              label="Alamat Lokasi"
              placeholder="Jl. Sudirman No. 1, Jakarta"
              withAsterisk
              {...form.getInputProps('address')}
            />
          </>
        ) : null}
        {type === 'contact' ? (
          <>
            <TextInput
              label="Nama Kontak"
              placeholder="Nama"
              withAsterisk
              {...form.getInputProps('contactName')}
            />
            <FormPhoneField form={form} field="phoneNumber" />
          </>
        ) : null}
        {hasText(type) ? (
          <Textarea
            label="Teks"
            description={TEXT_DESCRIPTION[type]}
            placeholder={
              type === 'text' ? 'Halo kak, terima kasih sudah menghubungi kami.' : 'Tambahkan keterangan'
            }
            autosize
            minRows={3}
            maxRows={8}
            size="md"
            withAsterisk={type === 'text'}
            value={form.values.text}
            error={form.errors.text}
            onChange={(event) => form.setFieldValue('text', event.currentTarget.value)}
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Batal
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!!uploading}>
            Simpan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
