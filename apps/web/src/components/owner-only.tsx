import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useSession } from '../lib/use-session';
import { EmptyState } from './list-states';

/**
 * A screen only the owner uses (its API answers agents 403): an agent who opens it reads why, calmly,
 * instead of a list that failed to load.
 */
export function OwnerOnly({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const session = useSession();
  if (session?.user?.agent)
    return (
      <Paper withBorder radius="md">
        <EmptyState icon={IconLock} title={title} hint={hint} testId="owner-only" />
      </Paper>
    );
  return <>{children}</>;
}
