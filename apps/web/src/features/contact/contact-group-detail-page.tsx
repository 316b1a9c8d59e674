import { IconUsers } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Detail Grup Kontak: filled in by a later issue; for now a friendly empty state. */
export function ContactGroupDetailPage() {
  return (
    <ComingSoon
      title="Detail Grup Kontak"
      description="Daftar kontak dalam grup ini beserta kolom tambahannya akan tampil di sini."
      icon={IconUsers}
    />
  );
}
