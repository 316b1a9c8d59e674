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
import type { AttachKind } from '@sapa/contracts';

/** Everything an attach menu can offer: the composer's kinds, and stickers for the simulated customer. */
export type AttachItemKind = AttachKind | 'sticker';
/** The kinds picked through a hidden file input. */
export type AttachFileKind<K extends AttachItemKind> = Exclude<K, 'location' | 'contact'>;

export const ATTACH_ITEMS: Record<AttachItemKind, { label: string; icon: Icon; accept?: string }> = {
  image: { label: 'Gambar', icon: IconPhoto, accept: 'image/*' },
  video: { label: 'Video', icon: IconVideo, accept: 'video/*' },
  audio: { label: 'Audio', icon: IconHeadphones, accept: 'audio/*' },
  document: { label: 'Dokumen', icon: IconFileText },
  sticker: { label: 'Stiker', icon: IconSticker, accept: 'image/webp' },
  location: { label: 'Lokasi', icon: IconMapPin },
  contact: { label: 'Kontak', icon: IconUser },
};

function isFileKind<K extends AttachItemKind>(kind: K): kind is AttachFileKind<K> & K {
  return kind !== 'location' && kind !== 'contact';
}

export interface AttachMenuBaseProps<K extends AttachItemKind> {
  /** what the menu offers, in order */
  kinds: readonly K[];
  disabled?: boolean;
  onFile: (kind: AttachFileKind<K>, file: File) => void;
  onLocation: () => void;
  onContact: () => void;
  /** the paperclip button's test id */
  buttonTestId: string;
  /** put before `attach-{kind}` and `file-input-{kind}` */
  testIdPrefix?: string;
  /** the paperclip button's tooltip, if any */
  title?: string;
}

/** The paperclip menu of a composer: one item a kind, each file kind backed by a hidden file input. */
export function AttachMenuBase<K extends AttachItemKind>({
  kinds,
  disabled,
  onFile,
  onLocation,
  onContact,
  buttonTestId,
  testIdPrefix = '',
  title,
}: AttachMenuBaseProps<K>) {
  const inputs = useRef<Partial<Record<AttachItemKind, HTMLInputElement | null>>>({});
  const fileKinds = kinds.filter(isFileKind);

  const picked = (kind: AttachFileKind<K>) => (event: ChangeEvent<HTMLInputElement>) => {
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
            title={title}
            disabled={disabled}
            data-testid={buttonTestId}
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
                data-testid={`${testIdPrefix}attach-${kind}`}
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
          data-testid={`${testIdPrefix}file-input-${kind}`}
          aria-label={ATTACH_ITEMS[kind].label}
        />
      ))}
    </>
  );
}
