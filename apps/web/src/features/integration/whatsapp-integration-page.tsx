import { IconBrandWhatsapp } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** WhatsApp: filled in by a later issue; for now a friendly empty state. */
export function WhatsappIntegrationPage() {
  return (
    <ComingSoon
      title="WhatsApp"
      description="Hubungkan nomor WhatsApp Anda untuk menerima dan membalas pesan dari Sapa."
      icon={IconBrandWhatsapp}
      withHeader={false}
    />
  );
}
