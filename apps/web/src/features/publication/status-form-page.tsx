import { IconCirclePlus } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Buat Status: filled in by a later issue; for now a friendly empty state. */
export function StatusFormPage() {
  return (
    <ComingSoon
      title="Buat Status"
      description="Formulir untuk menyusun dan menjadwalkan Status WhatsApp akan tersedia di sini."
      icon={IconCirclePlus}
    />
  );
}
