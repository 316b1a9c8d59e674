import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconFileText, IconSend } from '@tabler/icons-react';
import { ATTACHMENT_MESSAGES, documentSizeKb, LIMITS, type MediaFields } from '@sapa/contracts';
import type { FileKind } from '../send-content';
import './composer.css';

/** A file picked in the composer, or a template's stored media, waiting for its caption. */
export type MediaDraft =
  { kind: FileKind; file: File; caption: string } | { kind: FileKind; stored: MediaFields; caption: string };

const TITLES: Record<FileKind, string> = {
  image: 'Kirim Gambar',
  video: 'Kirim Video',
  audio: 'Kirim Audio',
  document: 'Kirim Dokumen',
};

function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function Preview({ draft }: { draft: MediaDraft }) {
  const file = 'file' in draft ? draft.file : null;
  const objectUrl = useObjectUrl(file && draft.kind !== 'document' ? file : null);
  const stored = 'stored' in draft ? draft.stored : null;
  const src = objectUrl ?? stored?.[draft.kind]?.url ?? null;
  if (draft.kind === 'image' && src) {
    return <img className="sapa-send-preview-media" src={src} alt="Pratinjau gambar" />;
  }
  if (draft.kind === 'video' && src) {
    return (
      <video
        className="sapa-send-preview-media"
        src={src}
        controls
        preload="metadata"
        aria-label="Pratinjau video"
      />
    );
  }
  if (draft.kind === 'audio' && src) return <audio src={src} controls aria-label="Pratinjau audio" />;
  const name = file?.name ?? stored?.document?.name ?? 'Dokumen';
  const size = file ? documentSizeKb(file.size) : (stored?.document?.size ?? null);
  return (
    <div className="sapa-send-preview-doc" data-testid="send-preview-document">
      <IconFileText size={40} stroke={1.4} aria-hidden />
      <Text fw={600} size="sm" ta="center" style={{ wordBreak: 'break-word' }}>
        {name}
      </Text>
      {size !== null ? (
        <Text size="xs" c="dimmed">
          {size} kB
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {ATTACHMENT_MESSAGES.noPreview}
      </Text>
    </div>
  );
}

export interface SendPreviewModalProps {
  draft: MediaDraft | null;
  onClose: () => void;
  onSend: (draft: MediaDraft) => void;
}

/**
 * spec §2: the media send preview with the caption box 'Tambahkan keterangan'; documents show
 * 'Pratinjau tidak tersedia'. Enter sends, Shift+Enter adds a line; Escape closes it (the chat stays).
 */
export function SendPreviewModal({ draft, onClose, onSend }: SendPreviewModalProps) {
  const [caption, setCaption] = useState('');
  const captionRef = useRef<HTMLTextAreaElement>(null);
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
      size="lg"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      {draft ? (
        <Stack gap="md" data-testid="send-preview">
          <div className="sapa-send-preview-stage">
            <Preview draft={draft} />
          </div>
          <Textarea
            ref={captionRef}
            data-autofocus
            aria-label={ATTACHMENT_MESSAGES.captionPlaceholder}
            placeholder={ATTACHMENT_MESSAGES.captionPlaceholder}
            autosize
            minRows={1}
            maxRows={4}
            value={caption}
            onChange={(event) => setCaption(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            maxLength={4096}
            styles={{ input: { minHeight: LIMITS.composerMinHeightPx } }}
            data-testid="caption-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button leftSection={<IconSend size={16} />} onClick={send} data-testid="send-preview-submit">
              Kirim
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
