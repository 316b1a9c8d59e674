import { IconSend } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Buat Broadcast: filled in by a later issue; for now a friendly empty state. */
export function BroadcastFormPage() {
  return (
    <ComingSoon
      title="Buat Broadcast"
      description="Formulir untuk menyusun dan menjadwalkan broadcast akan tersedia di sini."
      icon={IconSend}
    />
  );
}
