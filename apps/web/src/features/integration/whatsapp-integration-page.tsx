import { useState } from 'react';
import { Navigate } from 'react-router';
import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandWhatsapp, IconPlus } from '@tabler/icons-react';
import { WHATSAPP_MESSAGES as M, type Account } from '@sapa/contracts';
import { ListHeader } from '../../components/list-header';
import { useSession } from '../../lib/use-session';
import { useAccountRealtime } from './whatsapp/use-account-realtime';
import { WaCard, type CardAction } from './whatsapp/wa-card';
import {
  ContactsDialog,
  DeleteDialog,
  GroupsDialog,
  RenameDialog,
  ResetTokenDialog,
  TestMessageDialog,
} from './whatsapp/wa-dialogs';
import { WaCloudRelinkModal } from './whatsapp/wa-cloud-form';
import { WaLinkModal } from './whatsapp/wa-link-modal';
import { WebhookDrawer } from './whatsapp/webhook-drawer';
import { useWhatsappAccounts } from '../../resources/account/account-queries';
import { WA_TEXT } from './whatsapp/wa-strings';

type Open = { action: CardAction; account: Account } | null;

/**
 * Integrasi > WhatsApp (issue 7): the tenant's WhatsApp numbers as cards with their live status; the
 * owner adds and links numbers (QR or pairing code), renames them, sets their pace, sends a test,
 * resets the API token, sets their outbound webhook (issue 26) and removes them. Numbers on the
 * official Cloud API (issue 25) are added with their ids and a token (or Embedded Signup) and linked
 * again with a new token. Agents see the cards read-only.
 */
export function WhatsappIntegrationPage() {
  const readOnly = !!useSession()?.agent;
  useAccountRealtime();
  const list = useWhatsappAccounts();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const accounts = list.data?.docs;
  const close = () => setOpen(null);
  const of = (action: CardAction) => (open?.action === action ? open.account : null);
  const add = () => setAdding(true);
  const relinking = open?.action === 'relink' ? open.account : null;
  const cloudRelink = relinking?.provider === 'whatsapp-cloud' ? relinking : null;

  return (
    <>
      <ListHeader
        heading={WA_TEXT.heading}
        description={WA_TEXT.description}
        owner={{ readOnly, readOnlyNote: M.ownerOnly, addLabel: WA_TEXT.add, onAdd: add, testIdPrefix: 'wa' }}
      />

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} data-testid="wa-skeleton">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={150} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed">{WA_TEXT.loadFailed}</Text>
            <Button variant="light" onClick={() => void list.refetch()}>
              {WA_TEXT.retryLoad}
            </Button>
          </Stack>
        </Paper>
      ) : !accounts?.length ? (
        <Paper withBorder radius="md" p="xl" data-testid="wa-empty">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
              <IconBrandWhatsapp size={30} />
            </ThemeIcon>
            <Text fw={650}>{WA_TEXT.emptyTitle}</Text>
            <Text size="sm" c="dimmed" maw={420}>
              {WA_TEXT.emptyHint}
            </Text>
            {readOnly ? null : (
              <Button leftSection={<IconPlus size={16} />} onClick={add}>
                {WA_TEXT.add}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
          {accounts.map((account) => (
            <WaCard
              key={account.id}
              account={account}
              readOnly={readOnly}
              onAction={(action, a) => setOpen({ action, account: a })}
            />
          ))}
        </SimpleGrid>
      )}

      {open?.action === 'auto-reply' ? (
        <Navigate to={`/user/integration/whatsapp/${encodeURIComponent(open.account.id)}/auto-reply`} />
      ) : null}
      <GroupsDialog account={of('groups')} onClose={close} />
      <ContactsDialog account={of('contacts')} onClose={close} />
      {readOnly ? null : (
        <>
          <WaLinkModal
            opened={adding || (!!relinking && !cloudRelink)}
            relink={adding || cloudRelink ? null : relinking}
            onClose={() => {
              setAdding(false);
              close();
            }}
          />
          <WaCloudRelinkModal account={cloudRelink} onClose={close} />
          <RenameDialog account={of('rename')} onClose={close} />
          <TestMessageDialog account={of('test')} onClose={close} />
          <ResetTokenDialog account={of('reset-token')} onClose={close} />
          <WebhookDrawer account={of('webhook')} onClose={close} />
          <DeleteDialog account={of('delete')} onClose={close} />
        </>
      )}
    </>
  );
}
