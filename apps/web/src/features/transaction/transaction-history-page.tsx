import { IconHistory } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Riwayat Transaksi: filled in by a later issue; for now a friendly empty state. */
export function TransactionHistoryPage() {
  return (
    <ComingSoon
      title="Riwayat Transaksi"
      description="Daftar pembayaran beserta statusnya akan muncul di sini."
      icon={IconHistory}
    />
  );
}
