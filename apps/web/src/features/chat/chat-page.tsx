import { IconMessages } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Percakapan: filled in by a later issue; for now a friendly empty state. */
export function ChatPage() {
  return (
    <ComingSoon
      title="Percakapan"
      description="Semua percakapan WhatsApp, Instagram dan Messenger Anda akan tampil di sini dalam satu kotak masuk."
      icon={IconMessages}
    />
  );
}
