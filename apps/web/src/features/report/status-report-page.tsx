import { IconChartDots } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Laporan Status: filled in by a later issue; for now a friendly empty state. */
export function StatusReportPage() {
  return (
    <ComingSoon
      title="Laporan Status"
      description="Ringkasan Status WhatsApp yang sudah Anda kirim akan tampil di sini."
      icon={IconChartDots}
      withHeader={false}
    />
  );
}
