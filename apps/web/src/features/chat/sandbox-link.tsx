import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useSenderAccounts } from './use-sender-accounts';

/** 'Buka Simulator': the customer simulator for the owner's sandbox number, in a new tab. */
export function SandboxLink({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const senders = useSenderAccounts();
  const sandbox = senders.data?.find((account) => account.isSandbox);
  if (!sandbox) return null;
  return (
    <Button
      component="a"
      href={`/sandbox?accountId=${encodeURIComponent(sandbox._id)}`}
      target="_blank"
      rel="noopener"
      variant="light"
      size={size}
      leftSection={<IconExternalLink size={16} stroke={1.8} />}
      data-testid="open-simulator"
    >
      Buka Simulator
    </Button>
  );
}
