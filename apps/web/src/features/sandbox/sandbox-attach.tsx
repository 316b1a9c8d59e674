import { useRef, type ChangeEvent } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconFileText,
  IconHeadphones,
  IconMapPin,
  IconPaperclip,
  IconPhoto,
  IconSticker,
  IconUser,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import type { AccountType } from '@sapa/contracts';
import {
  isSandboxFileKind,
  sandboxKindsFor,
  type SandboxFileKind,
  type SandboxKind,
} from './sandbox-messages';

export const ATTACH_ITEMS: Record<SandboxKind, { label: string; icon: Icon; accept?: string }> = {
  image: { label: 'Gambar', icon: IconPhoto, accept: 'image/*' },
  video: { label: 'Video', icon: IconVideo, accept: 'video/*' },
  audio: { label: 'Audio', icon: IconHeadphones, accept: 'audio/*' },
  document: { label: 'Dokumen', icon: IconFileText },
  sticker: { label: 'Stiker', icon: IconSticker, accept: 'image/webp' },
  location: { label: 'Lokasi', icon: IconMapPin },
  contact: { label: 'Kontak', icon: IconUser },
};

export interface SandboxAttachProps {
  channel: AccountType;
  disabled?: boolean;
  onFile: (kind: SandboxFileKind, file: File) => void;
  onLocation: () => void;
  onContact: () => void;
}

/** The customer's attach menu: what a customer of this channel can send, each file kind a hidden input. */
export function SandboxAttach({ channel, disabled, onFile, onLocation, onContact }: SandboxAttachProps) {
  const inputs = useRef<Partial<Record<SandboxFileKind, HTMLInputElement | null>>>({});
  const kinds = sandboxKindsFor(channel);
  const fileKinds = kinds.filter(isSandboxFileKind);

  const picked = (kind: SandboxFileKind) => (event: ChangeEvent<HTMLInputElement>) => {
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
            title="Lampirkan"
            disabled={disabled}
            data-testid="sandbox-attach"
          >
            <IconPaperclip size={21} stroke={1.8} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {kinds.map((kind) => {
            const { label, icon: ItemIcon } = ATTACH_ITEMS[kind];
            return (
              <Menu.Item
                key={kind}
                leftSection={<ItemIcon size={18} stroke={1.7} />}
                data-testid={`sandbox-attach-${kind}`}
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
          accept={ATTACH_ITEMS[kind].accept}
          onChange={picked(kind)}
          data-testid={`sandbox-file-input-${kind}`}
          aria-label={ATTACH_ITEMS[kind].label}
        />
      ))}
    </>
  );
}
