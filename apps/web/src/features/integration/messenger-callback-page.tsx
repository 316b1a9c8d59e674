import { IconPlugConnected } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Menghubungkan Messenger: filled in by a later issue; for now a friendly empty state. */
export function MessengerCallbackPage() {
  return (
    <ComingSoon
      title="Menghubungkan Messenger"
      description="Halaman ini akan menyelesaikan penautan Halaman Facebook Anda."
      icon={IconPlugConnected}
    />
  );
}
