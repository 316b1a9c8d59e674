import { IconMessageUser } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Kontak Percakapan: filled in by a later issue; for now a friendly empty state. */
export function ChatContactListPage() {
  return (
    <ComingSoon
      title="Kontak Percakapan"
      description="Kontak yang pernah bercakap dengan Anda akan terkumpul di sini."
      icon={IconMessageUser}
      withHeader={false}
    />
  );
}
