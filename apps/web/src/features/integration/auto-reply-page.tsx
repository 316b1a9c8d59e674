import { Anchor, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconMessageOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AUTO_REPLY_MESSAGES as M, formatPhone } from '@sapa/contracts';
import { EmptyState } from '../../components/list-states';
import { OwnerOnly } from '../../components/owner-only';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-error';
import { useWhatsappAccount } from '../../resources/account/account-queries';
import { useAutoReply } from '../../resources/auto-reply/auto-reply-queries';
import { AutoReplyEditor } from './auto-reply/auto-reply-editor';

const BACK = '/user/integration/whatsapp';

function AutoReplyContent({ accountId }: { accountId: string }) {
  const account = useWhatsappAccount(accountId, false);
  const settings = useAutoReply(accountId);
  const name = account.data
    ? [account.data.label.name, formatPhone(account.data.label.phoneNumber)].filter(Boolean).join(' · ')
    : undefined;

  return (
    <>
      <PageHeader title={M.title} description={name ?? M.description} />
      {settings.isPending ? (
        <Stack gap="lg" data-testid="auto-reply-skeleton">
          <Skeleton h={320} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <Paper withBorder radius="md">
          {settings.error instanceof ApiError && settings.error.status === 404 ? (
            <EmptyState
              icon={IconMessageOff}
              title={M.notFound}
              hint={M.description}
              testId="auto-reply-not-found"
              action={
                <Button component={Link} to={BACK} variant="light">
                  {M.back}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={IconMessageOff}
              title={M.loadFailed}
              hint={M.description}
              testId="auto-reply-error"
              action={
                <Button variant="light" onClick={() => void settings.refetch()}>
                  {M.retry}
                </Button>
              }
            />
          )}
        </Paper>
      ) : (
        <AutoReplyEditor key={accountId} accountId={accountId} settings={settings.data} />
      )}
    </>
  );
}

/**
 * Integrasi > WhatsApp > a number > Balasan Otomatis (issue 21): its business hours in WIB, the away
 * message and the greeting, with a preview. Owner only.
 */
export function AutoReplyPage() {
  const { id = '' } = useParams();
  return (
    <Stack gap={0}>
      <Group mb="sm">
        <Anchor component={Link} to={BACK} size="sm" data-testid="auto-reply-back">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {M.back}
          </Group>
        </Anchor>
      </Group>
      <OwnerOnly title={M.title} hint={M.ownerOnly}>
        <AutoReplyContent accountId={id} />
      </OwnerOnly>
    </Stack>
  );
}
