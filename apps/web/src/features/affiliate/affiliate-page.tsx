import { IconGift } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Affiliate: filled in by a later issue; for now a friendly empty state. */
export function AffiliatePage() {
  return (
    <ComingSoon
      title="Affiliate"
      description="Bagikan kode referral Anda dan pantau komisi yang Anda dapatkan dari sini."
      icon={IconGift}
    />
  );
}
