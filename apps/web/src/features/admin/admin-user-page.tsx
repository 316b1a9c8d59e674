import { IconUsers } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Pengguna: filled in by a later issue; for now a friendly empty state. */
export function AdminUserPage() {
  return (
    <ComingSoon
      title="Pengguna"
      description="Daftar pemilik akun beserta status langganannya akan tampil di sini."
      icon={IconUsers}
    />
  );
}
