import { IconCode } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Dokumentasi API: filled in by a later issue; for now a friendly empty state. */
export function DocumentationPage() {
  return (
    <ComingSoon
      title="Dokumentasi API"
      description="Panduan dan token API untuk menghubungkan sistem Anda dengan Sapa akan tersedia di sini."
      icon={IconCode}
    />
  );
}
