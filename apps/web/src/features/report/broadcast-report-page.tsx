import { IconChartBar } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Laporan Broadcast: filled in by a later issue; for now a friendly empty state. */
export function BroadcastReportPage() {
  return (
    <ComingSoon
      title="Laporan Broadcast"
      description="Ringkasan pengiriman broadcast Anda per periode akan tampil di sini."
      icon={IconChartBar}
      withHeader={false}
    />
  );
}
