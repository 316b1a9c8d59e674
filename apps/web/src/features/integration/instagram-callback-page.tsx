import { IconPlugConnected } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Menghubungkan Instagram: filled in by a later issue; for now a friendly empty state. */
export function InstagramCallbackPage() {
  return (
    <ComingSoon
      title="Menghubungkan Instagram"
      description="Halaman ini akan menyelesaikan penautan akun Instagram Anda."
      icon={IconPlugConnected}
    />
  );
}
