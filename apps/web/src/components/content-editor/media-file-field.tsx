import { useRef, useState, type DragEvent } from 'react';
import { Button, Group, Input, Loader, Progress, Text, UnstyledButton } from '@mantine/core';
import { IconRefresh, IconUpload } from '@tabler/icons-react';
import { interpolate, MESSAGE_TYPE_NAMES } from '@sapa/contracts';
import { AudioPlayer } from '../../components/bubbles/audio-player';
import { DocumentBubble } from '../../components/bubbles/document-bubble';
import { ImageBubble } from '../../components/bubbles/image-bubble';
import { VideoBubble } from '../../components/bubbles/video-bubble';
import type { FileKind, MediaFile } from './content-form';
import './media-file-field.css';

const TEXT = {
  uploading: 'Mengunggah {name}…',
  replace: 'Ganti',
  pickFile: 'Pilih atau tarik file ke sini',
} as const;

const ACCEPT: Record<FileKind, string | undefined> = {
  image: 'image/*',
  video: 'video/*',
  audio: 'audio/*',
  document: undefined,
};

const HINT: Record<FileKind, string> = {
  image: 'JPG, PNG atau WEBP, maksimal 10 MB',
  video: 'MP4 atau 3GP, maksimal 10 MB',
  audio: 'MP3, OGG atau M4A, maksimal 10 MB',
  document: 'PDF, Word, Excel atau file lain, maksimal 10 MB',
};

export interface MediaFileFieldProps {
  kind: FileKind;
  file: MediaFile | undefined;
  /** the name of the file being uploaded, or null */
  uploading: string | null;
  error: string | undefined;
  caption: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  /** 'template' gives template-file-input, template-file-preview, ... */
  testIdPrefix?: string;
}

function FilePreview({ file, caption }: { file: MediaFile; caption: string }) {
  switch (file.kind) {
    case 'image':
      return <ImageBubble image={file.media} caption={caption} />;
    case 'video':
      return <VideoBubble video={file.media} caption={caption} />;
    case 'audio':
      return <AudioPlayer audio={file.media} />;
    default:
      return <DocumentBubble document={file.media} />;
  }
}

/**
 * The file of media content (a template, a broadcast): picked (or dropped) and uploaded at once to POST /chat/media while a
 * busy bar shows; then a preview of the stored file with 'Ganti' to pick another.
 */
export function MediaFileField({
  kind,
  file,
  uploading,
  error,
  caption,
  disabled,
  onPick,
  testIdPrefix = 'media',
}: MediaFileFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const label = `File ${MESSAGE_TYPE_NAMES[kind]}`;
  const errorId = `${testIdPrefix}-file-error-${kind}`;
  const open = () => inputRef.current?.click();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled && !uploading) onPick(dropped);
  };

  let body;
  if (uploading) {
    body = (
      <div
        className="sapa-media-file-file-box"
        data-testid={`${testIdPrefix}-file-uploading`}
        aria-live="polite"
      >
        <Group gap="xs" wrap="nowrap">
          <Loader size={16} />
          <Text size="sm" truncate>
            {interpolate(TEXT.uploading, { name: uploading })}
          </Text>
        </Group>
        <Progress value={100} animated striped size="sm" mt="xs" aria-label="Mengunggah file" />
      </div>
    );
  } else if (file) {
    body = (
      <div className="sapa-media-file-file-box" data-testid={`${testIdPrefix}-file-preview`}>
        <div className="sapa-media-file-file-preview">
          <FilePreview file={file} caption={caption} />
        </div>
        <Group justify="space-between" gap="xs" wrap="nowrap" mt="xs">
          <Text size="sm" c="dimmed" truncate title={file.name}>
            {file.name}
          </Text>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={14} />}
            onClick={open}
            disabled={disabled}
            aria-label={`Ganti ${label.toLowerCase()}`}
          >
            {TEXT.replace}
          </Button>
        </Group>
      </div>
    );
  } else {
    body = (
      <UnstyledButton
        className="sapa-media-file-drop"
        data-dragging={dragging || undefined}
        data-error={error ? true : undefined}
        onClick={open}
        disabled={disabled}
        aria-describedby={error ? errorId : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <IconUpload size={22} stroke={1.6} aria-hidden />
        <Text size="sm" fw={500}>
          {TEXT.pickFile}
        </Text>
        <Text size="xs" c="dimmed">
          {HINT[kind]}
        </Text>
      </UnstyledButton>
    );
  }

  return (
    <Input.Wrapper label={label} error={error} errorProps={{ id: errorId }} withAsterisk size="md">
      <div className="sapa-media-file-file" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
        {body}
      </div>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={ACCEPT[kind]}
        data-testid={`${testIdPrefix}-file-input`}
        aria-label={label}
        onChange={(event) => {
          const picked = event.currentTarget.files?.[0];
          // the same file can be picked again after a refusal
          event.currentTarget.value = '';
          if (picked) onPick(picked);
        }}
      />
    </Input.Wrapper>
  );
}
