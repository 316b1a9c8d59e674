import { IconReceipt } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Transaksi: filled in by a later issue; for now a friendly empty state. */
export function AdminTransactionPage() {
  return (
    <ComingSoon
      title="Transaksi"
      description="Daftar transaksi pengguna dan konfirmasi pembayaran akan dikelola dari sini."
      icon={IconReceipt}
    />
  );
}
