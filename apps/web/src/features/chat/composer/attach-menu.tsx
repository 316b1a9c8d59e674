import { useRef, type ChangeEvent } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconFileText,
  IconHeadphones,
  IconMapPin,
  IconPaperclip,
  IconPhoto,
  IconUser,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import { attachKindsFor, type AccountType, type AttachKind } from '@sapa/contracts';
import type { FileKind } from '../send-content';

const ITEMS: Record<AttachKind, { label: string; icon: Icon; accept?: string }> = {
  image: { label: 'Gambar', icon: IconPhoto, accept: 'image/*' },
  video: { label: 'Video', icon: IconVideo, accept: 'video/*' },
  audio: { label: 'Audio', icon: IconHeadphones, accept: 'audio/*' },
  document: { label: 'Dokumen', icon: IconFileText },
  location: { label: 'Lokasi', icon: IconMapPin },
  contact: { label: 'Kontak', icon: IconUser },
};

export interface AttachMenuProps {
  channel: AccountType;
  disabled?: boolean;
  onFile: (kind: FileKind, file: File) => void;
  onLocation: () => void;
  onContact: () => void;
}

/** spec §2 'Composer': the attach menu, offering only what the chat's channel can send (spec §5). */
export function AttachMenu({ channel, disabled, onFile, onLocation, onContact }: AttachMenuProps) {
  const inputs = useRef<Partial<Record<FileKind, HTMLInputElement | null>>>({});
  const kinds = attachKindsFor(channel);
  const fileKinds = kinds.filter((k): k is FileKind => k !== 'location' && k !== 'contact');

  const picked = (kind: FileKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // the same file can be picked again after a refusal
    event.currentTarget.value = '';
    if (file) onFile(kind, file);
  };

  return (
    <>
      <Menu position="top-start" shadow="md" width={180} withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="xl"
            aria-label="Lampirkan"
            disabled={disabled}
            data-testid="attach-button"
          >
            <IconPaperclip size={21} stroke={1.8} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {kinds.map((kind) => {
            const { label, icon: ItemIcon } = ITEMS[kind];
            return (
              <Menu.Item
                key={kind}
                leftSection={<ItemIcon size={18} stroke={1.7} />}
                data-testid={`attach-${kind}`}
                onClick={() => {
                  if (kind === 'location') onLocation();
                  else if (kind === 'contact') onContact();
                  else inputs.current[kind]?.click();
                }}
              >
                {label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      {fileKinds.map((kind) => (
        <input
          key={kind}
          ref={(el) => {
            inputs.current[kind] = el;
          }}
          type="file"
          hidden
          accept={ITEMS[kind].accept}
          onChange={picked(kind)}
          data-testid={`file-input-${kind}`}
          aria-label={ITEMS[kind].label}
        />
      ))}
    </>
  );
}
