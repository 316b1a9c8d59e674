import { IconFileInvoice } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Detail Transaksi: filled in by a later issue; for now a friendly empty state. */
export function TransactionDetailPage() {
  return (
    <ComingSoon
      title="Detail Transaksi"
      description="Rincian tagihan dan cara pembayaran transaksi ini akan ditampilkan di sini."
      icon={IconFileInvoice}
    />
  );
}
