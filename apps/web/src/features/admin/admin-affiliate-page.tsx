import { IconGift } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Affiliate: filled in by a later issue; for now a friendly empty state. */
export function AdminAffiliatePage() {
  return (
    <ComingSoon
      title="Affiliate"
      description="Data referral dan pencairan komisi affiliate akan dikelola dari sini."
      icon={IconGift}
    />
  );
}
