import { IconCircleDashed } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Status: filled in by a later issue; for now a friendly empty state. */
export function StatusListPage() {
  return (
    <ComingSoon
      title="Status"
      description="Jadwalkan dan kelola Status WhatsApp Anda dari sini."
      icon={IconCircleDashed}
      withHeader={false}
    />
  );
}
