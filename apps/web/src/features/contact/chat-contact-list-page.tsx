import { useMemo, useState, type CSSProperties } from 'react';
import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandWhatsapp,
  IconFileExport,
  IconMessageCircle,
  IconMessages,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  formatDateShort,
  t,
  type ChatContact,
  WEB_MESSAGES,
  interpolate,
  formatPhone,
} from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { initials } from './contact-format';
import { ContactListHeader } from './contact-list-header';
import { exportChatContacts, useChatContactPages } from './chat-contact-queries';
import { EmptyState, LoadFailed, LoadMore, NotFoundState } from '../../components/list-states';
import { CONTACT_TEXT } from './contact-strings';
import './contact.css';

const CHANNELS = {
  whatsapp: { Icon: IconBrandWhatsapp, name: 'WhatsApp', color: '#16a34a' },
  instagram: { Icon: IconBrandInstagram, name: 'Instagram', color: '#db2777' },
  messenger: { Icon: IconBrandMessenger, name: 'Messenger', color: '#2563eb' },
} as const;

/** The account's channel logo in its colour and the account's name. */
function AccountCell({ account }: { account: ChatContact['account'] }) {
  const channel = CHANNELS[account.type];
  return (
    <Group gap={6} wrap="nowrap" data-testid="chat-contact-account" data-channel={account.type}>
      <span role="img" aria-label={channel.name} title={channel.name} className="sapa-contact-channel">
        <channel.Icon size={18} stroke={1.8} color={channel.color} aria-hidden />
      </span>
      <Text size="sm" className="sapa-contact-clip" title={account.name}>
        {account.name}
      </Text>
    </Group>
  );
}

/** Up to two labels as coloured dots with their names, then '+n'. */
function LabelCell({ labels }: { labels: ChatContact['labels'] }) {
  if (!labels.length) return <span className="sapa-contact-blank">-</span>;
  const shown = labels.slice(0, 2);
  const rest = labels.slice(2);
  return (
    <Group gap={4} wrap="nowrap" data-testid="chat-contact-labels">
      {shown.map((label) => (
        <span
          key={label._id}
          className="sapa-contact-label"
          style={{ '--label-color': label.color } as CSSProperties}
          title={label.name}
          data-testid="chat-contact-label"
        >
          <span className="sapa-contact-label-dot" aria-hidden />
          <span className="sapa-contact-label-name">{label.name}</span>
        </span>
      ))}
      {rest.length ? (
        <Text
          size="xs"
          c="dimmed"
          fw={600}
          title={rest.map((l) => l.name).join(', ')}
          data-testid="chat-contact-labels-more"
        >
          {interpolate(CONTACT_TEXT.moreLabels, { count: rest.length })}
        </Text>
      ) : null}
    </Group>
  );
}

function ChatContactTable({ contacts }: { contacts: readonly ChatContact[] }) {
  return (
    <Table.ScrollContainer minWidth={760} type="native" className="sapa-contact-scroll">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="sm"
        highlightOnHover
        className="sapa-contact-table"
        aria-label={CONTACT_TEXT.chatTable}
        data-testid="chat-contact-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{CONTACT_TEXT.colName}</Table.Th>
            <Table.Th>{CONTACT_TEXT.colPhone}</Table.Th>
            <Table.Th>{CONTACT_TEXT.colAccount}</Table.Th>
            <Table.Th>{CONTACT_TEXT.colLabels}</Table.Th>
            <Table.Th>{CONTACT_TEXT.colLastMessage}</Table.Th>
            <Table.Th ta="right" className="sapa-contact-sticky-end">
              <span className="sapa-visually-hidden">{CONTACT_TEXT.colActions}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((contact) => (
            <Table.Tr key={contact.chatId} data-testid="chat-contact-row" data-chat-id={contact.chatId}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar size={32} radius="xl" color="brand" variant="light" aria-hidden>
                    {initials(contact.name)}
                  </Avatar>
                  <Text
                    fw={600}
                    size="sm"
                    className="sapa-contact-clip"
                    title={contact.name}
                    data-testid="chat-contact-name"
                  >
                    {contact.name || '-'}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {/* Instagram and Messenger give no phone number, at most an id: shown as it is */}
                  {contact.account.type === 'whatsapp'
                    ? formatPhone(contact.phoneNumber, '-')
                    : contact.phoneNumber || '-'}
                </Text>
              </Table.Td>
              <Table.Td>
                <AccountCell account={contact.account} />
              </Table.Td>
              <Table.Td>
                <LabelCell labels={contact.labels} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="chat-contact-last">
                  {formatDateShort(contact.lastMessageAt)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" className="sapa-contact-sticky-end">
                <Tooltip label={CONTACT_TEXT.open} withArrow>
                  <ActionIcon
                    component={Link}
                    to={`/user/chat/${encodeURIComponent(contact.chatId)}`}
                    variant="light"
                    size="lg"
                    aria-label={interpolate(CONTACT_TEXT.openChat, { name: contact.name })}
                    data-testid="chat-contact-open"
                  >
                    <IconMessageCircle size={18} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ChatContactSkeleton() {
  return (
    <Stack gap={0} data-testid="chat-contact-skeleton" aria-busy="true" aria-label={CONTACT_TEXT.chatLoading}>
      {Array.from({ length: 6 }, (_, i) => (
        <Group key={i} gap="md" wrap="nowrap" px="md" py={12} className="sapa-contact-skeleton-row">
          <Skeleton height={32} width={32} circle />
          <Skeleton height={12} width={`${28 - (i % 3) * 5}%`} radius="sm" />
          <Skeleton height={12} width="20%" radius="sm" />
          <Skeleton height={12} width="16%" radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * /user/contact/chat: everyone who has written to the tenant's accounts, one per conversation,
 * with search, 'Lebih Banyak', an Excel export of what is listed, and a way into each chat.
 */
export function ChatContactListPage() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const pages = useChatContactPages(debounced);
  const contacts = useMemo(() => pages.data?.pages.flatMap((p) => p.docs), [pages.data]);
  const searching = pages.isFetching && !pages.isFetchingNextPage && !!pages.data;
  const exporter = useMutation({
    mutationFn: () => exportChatContacts(debounced, CONTACT_TEXT.chatExportName),
  });

  let body;
  if (!contacts) {
    body =
      pages.isError && !pages.isPending ? (
        <LoadFailed
          text={CONTACT_TEXT.chatLoadFailed}
          onRetry={() => void pages.refetch()}
          testId="chat-contact-load-failed"
        />
      ) : (
        <ChatContactSkeleton />
      );
  } else if (!contacts.length) {
    body = debounced ? (
      <NotFoundState title={CONTACT_TEXT.chatNotFound} testId="chat-contact-not-found" />
    ) : (
      <EmptyState
        icon={IconMessages}
        title={CONTACT_TEXT.chatEmpty}
        hint={CONTACT_TEXT.chatEmptyHint}
        testId="chat-contact-empty"
      />
    );
  } else {
    body = (
      <>
        <ChatContactTable contacts={contacts} />
        {pages.hasNextPage ? (
          <LoadMore
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
            testId="chat-contact-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <>
      <ContactListHeader
        heading={CONTACT_TEXT.chatHeading}
        description={CONTACT_TEXT.chatDescription}
        readOnly={false}
        readOnlyTestId="chat-contact-read-only"
        actions={
          <Button
            variant="default"
            leftSection={<IconFileExport size={16} />}
            loading={exporter.isPending}
            disabled={!contacts?.length}
            onClick={() =>
              exporter.mutate(undefined, {
                onError: (error) =>
                  toast.show({
                    title: t('common.failed'),
                    message: errorMessage(error, WEB_MESSAGES.unexpectedError),
                    type: 'error',
                  }),
              })
            }
            data-testid="chat-contact-export"
          >
            {CONTACT_TEXT.exportExcel}
          </Button>
        }
        search={{
          value: search,
          onChange: setSearch,
          searching,
          label: CONTACT_TEXT.chatSearchLabel,
          placeholder: CONTACT_TEXT.chatSearchPlaceholder,
          testId: 'chat-contact-search',
        }}
      />
      <Paper withBorder radius="md" className="sapa-contact-panel">
        {body}
      </Paper>
    </>
  );
}
