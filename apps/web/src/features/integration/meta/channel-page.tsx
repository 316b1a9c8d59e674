import { useState, type ReactNode } from 'react';
import { Alert, Button, List, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandInstagram,
  IconBrandMessenger,
  IconInfoCircle,
  IconPlugConnected,
} from '@tabler/icons-react';
import { INTEGRATION_MESSAGES as M, WHATSAPP_MESSAGES, type Account } from '@sapa/contracts';
import { ListHeader, OwnerOnlyNote } from '../../../components/list-header';
import { useSession } from '../../../lib/use-session';
import {
  metaProblem,
  useChannelAccounts,
  useMetaInfo,
  type MetaChannel,
} from '../../../resources/integration/integration-queries';
import { ChannelCard } from './channel-card';
import { ChannelDeleteDialog } from './channel-delete-dialog';
import { CHANNEL_TEXT, META_TEXT } from './meta-strings';
import { useChannelRealtime } from './use-channel-realtime';
import { useMetaConnect } from './use-meta-connect';

const ICONS = { instagram: IconBrandInstagram, messenger: IconBrandMessenger } as const;
const COLORS = { instagram: 'pink', messenger: 'blue' } as const;

/**
 * Integrasi > Instagram and Integrasi > Messenger (issue 25): the tenant's accounts of the channel as
 * cards, live from realtime; the owner connects more through Facebook ('Hubungkan'), links again an
 * account whose token Meta refused, and removes one. When the operator has not set up the Meta app
 * the tab says so and cannot connect. Agents see the cards read-only.
 */
export function ChannelIntegrationPage({ channel }: { channel: MetaChannel }) {
  const text = CHANNEL_TEXT[channel];
  const readOnly = !!useSession()?.agent;
  useChannelRealtime(channel);
  const info = useMetaInfo();
  const list = useChannelAccounts(channel);
  const { connect, busy } = useMetaConnect();
  const [removing, setRemoving] = useState<Account | null>(null);
  const accounts = list.data?.docs;
  const problem = metaProblem(info.data);

  const connectButton = (source: string) => (
    <Button
      leftSection={<IconPlugConnected size={16} />}
      loading={busy === source}
      disabled={!!problem || (!!busy && busy !== source)}
      onClick={() => connect(channel, source)}
      data-testid={`meta-connect-${source}`}
    >
      {M.connect}
    </Button>
  );

  return (
    <>
      <ListHeader
        heading={text.heading}
        description={text.description}
        actions={readOnly ? null : connectButton('header')}
      >
        {readOnly ? (
          <OwnerOnlyNote mt="md" message={WHATSAPP_MESSAGES.ownerOnly} testId="meta-read-only" />
        ) : null}
      </ListHeader>

      {problem ? (
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title={META_TEXT.notConfiguredTitle}
          mb="md"
          data-testid="meta-not-configured"
        >
          {problem}
        </Alert>
      ) : null}

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} data-testid="meta-skeleton">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={128} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed">{META_TEXT.loadFailed}</Text>
            <Button variant="light" onClick={() => void list.refetch()}>
              {META_TEXT.retryLoad}
            </Button>
          </Stack>
        </Paper>
      ) : !accounts?.length ? (
        <EmptyChannel channel={channel} action={readOnly ? null : connectButton('empty')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
          {accounts.map((account) => (
            <ChannelCard
              key={account.id}
              account={account}
              readOnly={readOnly}
              reconnecting={busy === account.id}
              reconnectDisabled={!!problem || !!busy}
              onReconnect={(a) => connect(channel, a.id)}
              onRemove={setRemoving}
            />
          ))}
        </SimpleGrid>
      )}

      {readOnly ? null : (
        <ChannelDeleteDialog channel={channel} account={removing} onClose={() => setRemoving(null)} />
      )}
    </>
  );
}

/** No account yet: what connecting does, how it goes, and 'Hubungkan'. */
function EmptyChannel({ channel, action }: { channel: MetaChannel; action: ReactNode }) {
  const text = CHANNEL_TEXT[channel];
  const Icon = ICONS[channel];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="meta-empty">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={COLORS[channel]} aria-hidden>
          <Icon size={30} />
        </ThemeIcon>
        <Text fw={650}>{text.emptyTitle}</Text>
        <Text size="sm" c="dimmed" maw={480}>
          {text.emptyHint}
        </Text>
        <Stack gap={6} maw={480} w="100%" ta="left" mt="xs">
          <Text size="sm" fw={600}>
            {META_TEXT.stepsTitle}
          </Text>
          <List type="ordered" size="sm" spacing={4}>
            {text.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
        {action}
      </Stack>
    </Paper>
  );
}
