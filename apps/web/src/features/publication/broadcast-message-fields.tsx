import { useRef, useState } from 'react';
import {
  Button,
  Group,
  Menu,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import {
  ATTACHMENT_MESSAGES,
  fileRefusal,
  interpolate,
  MESSAGE_TYPE_NAMES,
  PUBLICATION_LIMITS,
  type ChatTemplate,
} from '@sapa/contracts';
import {
  CONTENT_TYPES,
  contentForm,
  fileFromUpload,
  hasText,
  isFileKind,
  type ContentType,
  type MediaFiles,
} from '../../components/content-editor/content-form';
import { MediaFileField } from '../../components/content-editor/media-file-field';
import { FormPhoneField } from '../../components/form-phone-field';
import { MessageTypeIcon } from '../../components/message-type-icon';
import { errorMessage } from '../../lib/api-error';
import type { ZodForm } from '../../lib/use-zod-form';
import { uploadMedia } from '../../resources/chat/upload-media';
import { useTemplates } from '../../resources/template/template-queries';
import type { BroadcastErrors, BroadcastFormValues } from './broadcast-form';
import { usedVariables } from './broadcast-form';
import { PUB_TEXT } from './publication-strings';

const TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: MESSAGE_TYPE_NAMES[type] }));

/** 'Pakai Template': the saved templates; picking one replaces the message (media included). */
function TemplateMenu({ onPick }: { onPick: (template: ChatTemplate) => void }) {
  const [opened, setOpened] = useState(false);
  const templates = useTemplates('', opened);
  const docs = templates.data?.docs;
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md" width={280}>
      <Menu.Target>
        <Button variant="light" size="xs" leftSection={<IconTemplate size={14} />} data-testid="use-template">
          {PUB_TEXT.useTemplate}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={280}>
          {!docs ? (
            <Menu.Label>Memuat…</Menu.Label>
          ) : docs.length ? (
            docs.map((template) => (
              <Menu.Item
                key={template._id}
                leftSection={<MessageTypeIcon type={template.type} size={16} />}
                onClick={() => onPick(template)}
              >
                {template.title}
              </Menu.Item>
            ))
          ) : (
            <Menu.Label>{PUB_TEXT.templateEmpty}</Menu.Label>
          )}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}

export interface BroadcastMessageFieldsProps {
  form: ZodForm<BroadcastFormValues>;
  files: MediaFiles;
  setFiles: (update: (files: MediaFiles) => MediaFiles) => void;
  fallbacks: Record<string, string>;
  setFallback: (name: string, value: string) => void;
  /** the variables offered as chips */
  variables: string[];
  errors: BroadcastErrors;
  setError: (key: string, message: string | undefined) => void;
  onUploading: (uploading: boolean) => void;
  disabled: boolean;
}

/**
 * The broadcast's message: its type, a saved template, the file, location or contact, the text with
 * variable chips inserted at the cursor, and a fallback per variable the text uses.
 */
export function BroadcastMessageFields({
  form,
  files,
  setFiles,
  fallbacks,
  setFallback,
  variables,
  errors,
  setError,
  onUploading,
  disabled,
}: BroadcastMessageFieldsProps) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const type = form.values.type as ContentType;
  const used = usedVariables(form.values);

  const pickTemplate = (template: ChatTemplate) => {
    const content = contentForm(template);
    form.setValues({ ...form.values, ...content.values });
    setFiles((prev) => ({ ...prev, ...content.files }));
    setError('file', undefined);
  };

  const insertVariable = (name: string) => {
    const token = `{{${name}}}`;
    const el = textRef.current;
    const text = form.values.text;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    form.setFieldValue('text', text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const pickFile = async (file: File) => {
    if (!isFileKind(type)) return;
    const kind = type;
    const refusal = fileRefusal(kind, { size: file.size, mimetype: file.type });
    if (refusal || file.size === 0) {
      setError('file', refusal ?? ATTACHMENT_MESSAGES.fileEmpty);
      return;
    }
    setError('file', undefined);
    setUploading(file.name);
    onUploading(true);
    try {
      const uploaded = await uploadMedia(file);
      setFiles((prev) => ({ ...prev, [kind]: fileFromUpload(kind, uploaded) }));
    } catch (failure) {
      setError('file', errorMessage(failure, ATTACHMENT_MESSAGES.uploadFailed));
    } finally {
      setUploading(null);
      onUploading(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Select
          size="md"
          label={PUB_TEXT.typeLabel}
          data={TYPE_OPTIONS}
          value={type}
          onChange={(value) => {
            if (value) form.setFieldValue('type', value);
            setError('file', undefined);
          }}
          allowDeselect={false}
          checkIconPosition="right"
          leftSection={<MessageTypeIcon type={type} size={18} />}
          comboboxProps={{ withinPortal: true }}
          error={errors.type}
          style={{ flex: '1 1 200px' }}
          data-testid="broadcast-type"
        />
        <TemplateMenu onPick={pickTemplate} />
      </Group>

      {isFileKind(type) ? (
        <MediaFileField
          key={type}
          kind={type}
          file={files[type]}
          uploading={uploading}
          error={errors.file}
          caption={form.values.text}
          disabled={disabled}
          onPick={(file) => void pickFile(file)}
          testIdPrefix="broadcast"
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
              error={errors.latitude}
            />
            <TextInput
              label="Longitude"
              placeholder="106.816666"
              inputMode="decimal"
              withAsterisk
              {...form.getInputProps('longitude')}
              error={errors.longitude}
            />
          </SimpleGrid>
          <TextInput
            label="Nama Lokasi"
            placeholder="Toko Pusat"
            withAsterisk
            {...form.getInputProps('locationName')}
            error={errors.locationName}
          />
          <TextInput
            label="Alamat Lokasi"
            placeholder="Jl. Sudirman No. 1, Jakarta"
            withAsterisk
            {...form.getInputProps('address')}
            error={errors.address}
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
            error={errors.contactName}
          />
          <FormPhoneField
            form={{ ...form, errors: { ...form.errors, phoneNumber: errors.phoneNumber } }}
            field="phoneNumber"
          />
        </>
      ) : null}

      {hasText(type) ? (
        <Stack gap={6}>
          <Textarea
            size="md"
            ref={textRef}
            label={type === 'text' ? PUB_TEXT.textLabel : PUB_TEXT.captionLabel}
            placeholder="Halo {{nama}}, ada promo spesial untuk Anda minggu ini."
            autosize
            minRows={4}
            maxRows={12}
            withAsterisk={type === 'text'}
            value={form.values.text}
            error={errors.text}
            onChange={(event) => {
              form.setFieldValue('text', event.currentTarget.value);
              setError('text', undefined);
            }}
            data-testid="broadcast-text"
          />
          <Text size="xs" c="dimmed" id="broadcast-variables-hint">
            {PUB_TEXT.variablesLabel}. {PUB_TEXT.variablesHint}
          </Text>
          <Group
            gap={6}
            role="group"
            aria-describedby="broadcast-variables-hint"
            data-testid="broadcast-variables"
          >
            {variables.map((name) => (
              <Button
                key={name}
                size="compact-xs"
                variant="light"
                radius="xl"
                onClick={() => insertVariable(name)}
                disabled={disabled}
                data-testid="variable-chip"
              >
                {`{{${name}}}`}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : null}

      {used.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {used.map((name) => (
            <TextInput
              key={name}
              label={interpolate(PUB_TEXT.fallbackLabel, { name })}
              description={PUB_TEXT.fallbackDescription}
              maxLength={PUBLICATION_LIMITS.fallbackMax}
              value={fallbacks[name] ?? ''}
              onChange={(event) => setFallback(name, event.currentTarget.value)}
              error={errors[`fallback:${name}`]}
              data-testid="fallback-input"
            />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
