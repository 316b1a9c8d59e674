import { IconSpeakerphone } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Broadcast: filled in by a later issue; for now a friendly empty state. */
export function BroadcastListPage() {
  return (
    <ComingSoon
      title="Broadcast"
      description="Kirim pesan ke banyak kontak sekaligus dan pantau prosesnya dari sini."
      icon={IconSpeakerphone}
      withHeader={false}
    />
  );
}
