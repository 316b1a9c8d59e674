import { IconBrandMessenger } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Messenger: filled in by a later issue; for now a friendly empty state. */
export function MessengerIntegrationPage() {
  return (
    <ComingSoon
      title="Messenger"
      description="Hubungkan Halaman Facebook Anda agar pesan Messenger masuk ke kotak masuk Sapa."
      icon={IconBrandMessenger}
      withHeader={false}
    />
  );
}
