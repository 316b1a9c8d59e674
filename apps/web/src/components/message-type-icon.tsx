import {
  IconAddressBook,
  IconBan,
  IconFile,
  IconHistory,
  IconMapPin,
  IconMessage,
  IconMicrophone,
  IconPhoto,
  IconSticker,
  IconVideo,
} from '@tabler/icons-react';
import type { MessageType } from '@sapa/contracts';

const ICONS = {
  text: IconMessage,
  image: IconPhoto,
  sticker: IconSticker,
  video: IconVideo,
  audio: IconMicrophone,
  document: IconFile,
  location: IconMapPin,
  contact: IconAddressBook,
  story: IconHistory,
  deleted: IconBan,
} as const satisfies Record<MessageType, unknown>;

/** A small icon for a message type; decorative (the type name is written next to it). */
export function MessageTypeIcon({ type, size = 15 }: { type: MessageType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} stroke={1.7} aria-hidden className="sapa-type-icon" data-type={type} />;
}
