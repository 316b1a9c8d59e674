import { Fragment } from 'react';
import { Anchor, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTimeLong, type DevMail } from '@sapa/contracts';
import { PageLoader } from '../../components/page-loader';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { useConfig } from '../../lib/use-config';

const URL_RE = /(https?:\/\/[^\s]+)/g;

/** Mail text with its links clickable (reset links, for instance). */
function MailText({ text }: { text: string }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {text.split(URL_RE).map((part, i) =>
        i % 2 === 1 ? (
          <Anchor key={i} href={part} underline="always">
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/**
 * /admin/mailbox: the mail the server would have sent, newest first (only without SMTP). An
 * operator's tool: the API answers admins only, since codes and reset links are in it.
 */
export function DevMailboxPage() {
  const config = useConfig();
  const enabled = config.data?.devMailbox === true;
  const mailbox = useQuery(
    {
      queryKey: ['dev', 'mailbox'],
      queryFn: ({ signal }) => api.get<{ docs: DevMail[] }>('/admin/mailbox', undefined, signal),
      enabled,
      staleTime: 0,
      select: (data) => [...data.docs].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    },
    queryClient,
  );

  return (
    <Container size="md" px={0}>
      <Group justify="space-between" mb="lg">
        <Title order={1} fz="h2">
          Kotak Surat Pengembang
        </Title>
        {enabled ? (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void mailbox.refetch()}
            loading={mailbox.isFetching}
          >
            Muat ulang
          </Button>
        ) : null}
      </Group>
      {config.isPending || (enabled && mailbox.isPending) ? <PageLoader /> : null}
      {config.data && !enabled ? (
        <Text c="dimmed">Kotak surat pengembang tidak aktif karena server mengirim email melalui SMTP.</Text>
      ) : null}
      {mailbox.data?.length === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconInbox size={24} />
          </ThemeIcon>
          <Text c="dimmed">Belum ada email.</Text>
        </Stack>
      ) : null}
      <Stack gap="md" data-testid="dev-mailbox">
        {mailbox.data?.map((mail, index) => (
          <Paper key={`${mail.createdAt}-${index}`} withBorder radius="md" p="md" data-testid="dev-mail">
            <Group justify="space-between" gap="xs" mb={4}>
              <Text fw={600}>{mail.subject}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTimeLong(mail.createdAt)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mb="sm">
              Kepada: {mail.to}
            </Text>
            <MailText text={mail.text} />
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
