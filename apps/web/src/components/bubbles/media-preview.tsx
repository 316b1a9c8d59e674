import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Modal } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { claimPlayback, releasePlayback } from './media-playback';
import './bubbles.css';

export interface MediaPreviewProps {
  opened: boolean;
  onClose: () => void;
  kind: 'image' | 'video';
  url: string;
  /** The caption, shown as the title; the type's name when empty. */
  caption?: string;
  /** Called once the closing transition is over (the owner may unmount the preview then). */
  onExited?: () => void;
}

/**
 * The full-screen preview of an image or a video (spec §2 'Chat room'). A single Escape closes only
 * the preview: it is handled here in the capture phase and marked handled (defaultPrevented), so the
 * chat page does not also close the open chat.
 */
export function MediaPreview({ opened, onClose, kind, url, caption, onExited }: MediaPreviewProps) {
  const title = caption?.trim() || (kind === 'image' ? 'Gambar' : 'Video');

  useWindowEvent(
    'keydown',
    (event) => {
      if (!opened || event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    },
    { capture: true },
  );

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      fullScreen
      closeOnEscape={false}
      onExitTransitionEnd={onExited}
      transitionProps={{ transition: 'fade', duration: 150 }}
    >
      <Modal.Overlay backgroundOpacity={0.85} />
      <Modal.Content className="sapa-preview" data-testid="media-preview" data-kind={kind}>
        <Modal.Header className="sapa-preview-head">
          <Modal.Title className="sapa-preview-title">{title}</Modal.Title>
          <ActionIcon
            className="sapa-preview-close"
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={onClose}
            aria-label="Tutup"
            title="Tutup"
            data-testid="media-preview-close"
          >
            <IconX size={22} stroke={1.8} />
          </ActionIcon>
        </Modal.Header>
        <Modal.Body className="sapa-preview-body">
          {kind === 'image' ? (
            <img className="sapa-preview-media" src={url} alt={title} />
          ) : (
            <PreviewVideo url={url} title={title} />
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function PreviewVideo({ url, title }: { url: string; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    return () => {
      if (video) releasePlayback(video);
    };
  }, []);
  return (
    <video
      ref={ref}
      className="sapa-preview-media"
      src={url}
      controls
      autoPlay
      playsInline
      aria-label={title}
      onPlay={(event) => claimPlayback(event.currentTarget)}
    />
  );
}

/**
 * The preview's open state for one bubble. The preview is mounted only while open or closing, so a
 * long chat does not keep a closed modal (and its key listener) per image.
 */
export function usePreviewState() {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  return {
    mounted,
    opened,
    open: () => {
      setMounted(true);
      setOpened(true);
    },
    close: () => setOpened(false),
    exited: () => setMounted(false),
  };
}
