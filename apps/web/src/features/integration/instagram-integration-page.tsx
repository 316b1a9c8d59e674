import { IconBrandInstagram } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Instagram: filled in by a later issue; for now a friendly empty state. */
export function InstagramIntegrationPage() {
  return (
    <ComingSoon
      title="Instagram"
      description="Hubungkan akun Instagram bisnis Anda agar pesan langsung masuk ke kotak masuk Sapa."
      icon={IconBrandInstagram}
      withHeader={false}
    />
  );
}
