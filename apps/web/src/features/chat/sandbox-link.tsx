import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconExternalLink, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { useSenderAccounts } from '../../resources/account/use-sender-accounts';

/**
 * 'Buka Simulator': the customer simulator for the owner's sandbox number, in a new tab (the same
 * session opens it); beside it, the simulator's secret link to copy for a colleague or a second
 * phone, which opens that one sandbox number without the owner's password.
 */
export function SandboxLink({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const senders = useSenderAccounts();
  const toast = useToast();
  const [copying, setCopying] = useState(false);
  const sandbox = senders.data?.find((account) => account.isSandbox);
  if (!sandbox) return null;

  const copyLink = async () => {
    setCopying(true);
    try {
      const { url } = await api.get<{ url: string }>('/sandbox/link', { accountId: sandbox._id });
      await navigator.clipboard.writeText(url);
      toast.show({
        title: 'Tautan disalin',
        message: 'Siapa pun yang membuka tautan ini dapat menulis sebagai pelanggan ke nomor sandbox Anda.',
        type: 'success',
      });
    } catch (error) {
      toast.show({
        title: 'Gagal',
        message: errorMessage(error, 'Tautan tidak dapat disalin'),
        type: 'error',
      });
    } finally {
      setCopying(false);
    }
  };

  return (
    <Group gap={6} wrap="nowrap" justify="center">
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
      <Tooltip label="Salin tautan simulator">
        <ActionIcon
          variant="light"
          size={size === 'xs' ? 30 : 36}
          aria-label="Salin tautan simulator"
          loading={copying}
          onClick={() => void copyLink()}
          data-testid="copy-simulator-link"
        >
          <IconLink size={16} stroke={1.8} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
