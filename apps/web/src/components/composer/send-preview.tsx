import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, type MantineSize } from '@mantine/core';
import { IconFileText, IconSend } from '@tabler/icons-react';
import { ATTACHMENT_MESSAGES } from '@sapa/contracts';
import './send-preview.css';

/** The kinds of file that wait in a send preview for their caption. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'document';

export const SEND_PREVIEW_TITLES: Record<PreviewKind, string> = {
  image: 'Kirim Gambar',
  video: 'Kirim Video',
  audio: 'Kirim Audio',
  document: 'Kirim Dokumen',
};

/** A blob: url for a picked file while it is shown (none where the browser cannot make one). */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export interface PreviewBodyProps {
  kind: PreviewKind;
  /** where the picture, video or sound is; without it the file shows as a card */
  src: string | null;
  name: string;
  /** kB, when known */
  size: number | null;
  /** whether the card says 'Pratinjau tidak tersedia' */
  noPreview: boolean;
  docTestId?: string;
}

/** The picture, video or sound being sent; a document (or what cannot be shown) as a name-and-size card. */
export function PreviewBody({ kind, src, name, size, noPreview, docTestId }: PreviewBodyProps) {
  if (kind === 'image' && src) {
    return <img className="sapa-send-preview-media" src={src} alt="Pratinjau gambar" />;
  }
  if (kind === 'video' && src) {
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
  if (kind === 'audio' && src) return <audio src={src} controls aria-label="Pratinjau audio" />;
  return (
    <div className="sapa-send-preview-doc" data-testid={docTestId}>
      <IconFileText size={40} stroke={1.4} aria-hidden />
      <Text fw={600} size="sm" ta="center" style={{ wordBreak: 'break-word' }}>
        {name}
      </Text>
      {size !== null ? (
        <Text size="xs" c="dimmed">
          {size} kB
        </Text>
      ) : null}
      {noPreview ? (
        <Text size="sm" c="dimmed">
          {ATTACHMENT_MESSAGES.noPreview}
        </Text>
      ) : null}
    </div>
  );
}

export interface CaptionStepModalProps<D extends { kind: PreviewKind; caption: string }> {
  draft: D | null;
  onClose: () => void;
  /** the draft with the trimmed caption */
  onSend: (draft: D) => void;
  preview: (draft: D) => ReactNode;
  size?: MantineSize;
  /** added to the preview stage's class, e.g. to set its size */
  stageClassName?: string;
  captionMinHeight?: number;
  testIds: { step: string; caption: string; submit: string };
}

/**
 * A picked file and its caption box 'Tambahkan keterangan': Enter sends, Shift+Enter adds a line;
 * Escape closes it.
 */
export function CaptionStepModal<D extends { kind: PreviewKind; caption: string }>({
  draft,
  onClose,
  onSend,
  preview,
  size,
  stageClassName,
  captionMinHeight,
  testIds,
}: CaptionStepModalProps<D>) {
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
      title={draft ? SEND_PREVIEW_TITLES[draft.kind] : ''}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      {draft ? (
        <Stack gap="md" data-testid={testIds.step}>
          <div
            className={
              stageClassName ? `sapa-send-preview-stage ${stageClassName}` : 'sapa-send-preview-stage'
            }
          >
            {preview(draft)}
          </div>
          <Textarea
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
            styles={captionMinHeight === undefined ? undefined : { input: { minHeight: captionMinHeight } }}
            data-testid={testIds.caption}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button leftSection={<IconSend size={16} />} onClick={send} data-testid={testIds.submit}>
              Kirim
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
