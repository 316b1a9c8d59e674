import { IconReceipt } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Transaksi: filled in by a later issue; for now a friendly empty state. */
export function TransactionPage() {
  return (
    <ComingSoon
      title="Transaksi"
      description="Di sini Anda akan bisa memilih paket dan memperpanjang langganan Sapa."
      icon={IconReceipt}
    />
  );
}
