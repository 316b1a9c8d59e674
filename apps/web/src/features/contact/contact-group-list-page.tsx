import { IconAddressBook } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Kontak Broadcast: filled in by a later issue; for now a friendly empty state. */
export function ContactGroupListPage() {
  return (
    <ComingSoon
      title="Kontak Broadcast"
      description="Kelompokkan kontak ke dalam grup untuk dipakai saat mengirim broadcast."
      icon={IconAddressBook}
      withHeader={false}
    />
  );
}
