import { IconLayoutDashboard } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Dashboard: filled in by a later issue; for now a friendly empty state. */
export function AdminDashboardPage() {
  return (
    <ComingSoon
      title="Dashboard"
      description="Ringkasan pengguna, transaksi dan pendapatan akan tampil di sini."
      icon={IconLayoutDashboard}
    />
  );
}
