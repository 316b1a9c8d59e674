import { IconUsersGroup } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Agen: filled in by a later issue; for now a friendly empty state. */
export function AgentPage() {
  return (
    <ComingSoon
      title="Agen"
      description="Tambahkan agen untuk membantu Anda membalas percakapan pelanggan."
      icon={IconUsersGroup}
    />
  );
}
