import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconFileText, IconSend } from '@tabler/icons-react';
import {
  ATTACHMENT_MESSAGES,
  contactInput,
  documentSizeKb,
  locationInput,
  type ContactMedia,
  type LocationMedia,
} from '@sapa/contracts';
import { PhoneField } from '../../components/phone-field';
import { countryByCode, DEFAULT_COUNTRY } from '../../lib/phone-form';
import { useZodForm } from '../../lib/use-zod-form';

/** A picked file that takes a caption before it is sent. */
export interface CaptionDraft {
  kind: 'image' | 'video' | 'document';
  file: File;
  caption: string;
}

const TITLES: Record<CaptionDraft['kind'], string> = {
  image: 'Kirim Gambar',
  video: 'Kirim Video',
  document: 'Kirim Dokumen',
};

function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function FilePreview({ draft }: { draft: CaptionDraft }) {
  const url = useObjectUrl(draft.kind === 'document' ? null : draft.file);
  if (draft.kind === 'image' && url) {
    return <img className="sapa-sandbox-preview-media" src={url} alt="Pratinjau gambar" />;
  }
  if (draft.kind === 'video' && url) {
    return (
      <video
        className="sapa-sandbox-preview-media"
        src={url}
        controls
        preload="metadata"
        aria-label="Pratinjau video"
      />
    );
  }
  return (
    <div className="sapa-sandbox-preview-doc">
      <IconFileText size={40} stroke={1.4} aria-hidden />
      <Text fw={600} size="sm" ta="center" style={{ wordBreak: 'break-word' }}>
        {draft.file.name}
      </Text>
      <Text size="xs" c="dimmed">
        {documentSizeKb(draft.file.size)} kB
      </Text>
      {draft.kind === 'document' ? (
        <Text size="sm" c="dimmed">
          {ATTACHMENT_MESSAGES.noPreview}
        </Text>
      ) : null}
    </div>
  );
}

/** The picked image, video or document and its caption; Enter sends, Shift+Enter adds a line. */
export function CaptionModal({
  draft,
  onClose,
  onSend,
}: {
  draft: CaptionDraft | null;
  onClose: () => void;
  onSend: (draft: CaptionDraft) => void;
}) {
  const [caption, setCaption] = useState('');
  useEffect(() => setCaption(draft?.caption ?? ''), [draft]);
  const send = () => {
    if (draft) onSend({ ...draft, caption: caption.trim() });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  return (
    <Modal
      opened={!!draft}
      onClose={onClose}
      title={draft ? TITLES[draft.kind] : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      {draft ? (
        <Stack gap="md" data-testid="sandbox-caption-step">
          <div className="sapa-sandbox-preview">
            <FilePreview draft={draft} />
          </div>
          <Textarea
            data-autofocus
            aria-label={ATTACHMENT_MESSAGES.captionPlaceholder}
            placeholder={ATTACHMENT_MESSAGES.captionPlaceholder}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={4096}
            value={caption}
            onChange={(event) => setCaption(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            data-testid="sandbox-caption"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button leftSection={<IconSend size={16} />} onClick={send} data-testid="sandbox-send-media">
              Kirim
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

const EMPTY_LOCATION = { latitude: '', longitude: '', name: '', address: '' };

/** 'Kirim Lokasi': latitude, longitude, name and address, checked by the inbox's own rules. */
export function LocationModal({
  opened,
  onClose,
  onSend,
}: {
  opened: boolean;
  onClose: () => void;
  onSend: (location: Omit<LocationMedia, 'thumbnail'>) => void;
}) {
  const form = useZodForm(EMPTY_LOCATION);
  const { setValues } = form;
  useEffect(() => {
    if (opened) setValues(EMPTY_LOCATION);
  }, [opened, setValues]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate(locationInput);
    if (parsed) onSend(parsed);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Kirim Lokasi"
      centered
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <form onSubmit={submit} noValidate data-testid="sandbox-location-form">
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Latitude"
              placeholder="-6.175392"
              inputMode="decimal"
              data-autofocus
              {...form.getInputProps('latitude')}
            />
            <TextInput
              label="Longitude"
              placeholder="106.827153"
              inputMode="decimal"
              {...form.getInputProps('longitude')}
            />
          </SimpleGrid>
          <TextInput label="Nama Lokasi" placeholder="Monas" {...form.getInputProps('name')} />
          <TextInput
            label="Alamat Lokasi"
            placeholder="Gambir, Jakarta Pusat"
            {...form.getInputProps('address')}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" data-testid="sandbox-location-submit">
              Kirim
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const EMPTY_CONTACT = { name: '', country: DEFAULT_COUNTRY.code, phoneNumber: '' };

/** 'Kirim Kontak': a name, the country's dial code (62 first) and the number. */
export function ContactModal({
  opened,
  onClose,
  onSend,
}: {
  opened: boolean;
  onClose: () => void;
  onSend: (contact: ContactMedia) => void;
}) {
  const form = useZodForm(EMPTY_CONTACT);
  const { setValues } = form;
  useEffect(() => {
    if (opened) setValues(EMPTY_CONTACT);
  }, [opened, setValues]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = contactInput.safeParse({
      name: form.values.name,
      dial: countryByCode(form.values.country).dial,
      phoneNumber: form.values.phoneNumber,
    });
    if (!result.success) {
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : 'phoneNumber';
        if (seen.has(field)) continue;
        seen.add(field);
        form.setFieldError(field, issue.message);
      }
      return;
    }
    onSend(result.data);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Kirim Kontak"
      centered
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <form onSubmit={submit} noValidate data-testid="sandbox-contact-form">
        <Stack gap="sm">
          <TextInput label="Nama Kontak" placeholder="Nama" data-autofocus {...form.getInputProps('name')} />
          <PhoneField
            country={form.values.country}
            onCountryChange={(code) => form.setFieldValue('country', code)}
            number={form.values.phoneNumber}
            onNumberChange={(value) => form.setFieldValue('phoneNumber', value)}
            error={form.errors.phoneNumber}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" data-testid="sandbox-contact-submit">
              Kirim
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
