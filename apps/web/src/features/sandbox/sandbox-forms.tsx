import {
  LocationModal as ComposerLocationModal,
  type LocationModalProps,
} from '../chat/composer/location-modal';
import { ContactModal as ComposerContactModal, type ContactModalProps } from '../chat/composer/contact-modal';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconFileText, IconSend } from '@tabler/icons-react';
import { ATTACHMENT_MESSAGES, documentSizeKb } from '@sapa/contracts';

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

/** 'Kirim Lokasi' and 'Kirim Kontak': the inbox composer's own forms, with the simulator's test ids. */
export function LocationModal(props: Omit<LocationModalProps, 'testIdPrefix' | 'initial'>) {
  return <ComposerLocationModal {...props} testIdPrefix="sandbox-" />;
}

export function ContactModal(props: Omit<ContactModalProps, 'testIdPrefix' | 'initial'>) {
  return <ComposerContactModal {...props} testIdPrefix="sandbox-" />;
}
