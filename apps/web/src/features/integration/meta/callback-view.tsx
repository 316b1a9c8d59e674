import { Link } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import type { ChannelLinkKind, MetaCallbackResponse } from '@sapa/contracts';
import { AppAvatar } from '../../../components/app-avatar';
import { CALLBACK_TEXT, META_TEXT } from './meta-strings';
import { useMetaCallback } from './use-meta-callback';

/**
 * /user/integration/{instagram,messenger,whatsapp-cloud}/callback: where the Facebook dialog comes back.
 * 'Menghubungkan akun…' while the server finishes the link, then what was connected and what was
 * skipped (with why), or the server's Indonesian refusal; and the way back to the tab.
 */
export function MetaCallbackView({ kind }: { kind: ChannelLinkKind }) {
  const text = CALLBACK_TEXT[kind];
  const result = useMetaCallback(kind);

  return (
    <Container size={560} px={0} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="meta-callback">
        <Stack gap="lg">
          <Title order={2} fz="h3" ta="center">
            {text.title}
          </Title>
          {result.status === 'pending' ? (
            <Stack
              align="center"
              gap="xs"
              py="lg"
              ta="center"
              role="status"
              data-testid="meta-callback-pending"
            >
              <Loader />
              <Text fw={600}>{META_TEXT.connecting}</Text>
              <Text size="sm" c="dimmed" maw={380}>
                {META_TEXT.connectingHint}
              </Text>
            </Stack>
          ) : result.status === 'failed' ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={META_TEXT.failedTitle}
              role="alert"
              data-testid="meta-callback-error"
            >
              {result.message}
            </Alert>
          ) : (
            <CallbackAnswer answer={result.answer} />
          )}
          {result.status === 'pending' ? null : (
            <Group justify="center">
              <Button
                component={Link}
                to={text.backTo}
                leftSection={<IconArrowLeft size={16} />}
                data-testid="meta-callback-back"
              >
                {text.back}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

function CallbackAnswer({ answer }: { answer: MetaCallbackResponse }) {
  const { connected, skipped } = answer;
  return (
    <Stack gap="md" aria-live="polite">
      {connected.length ? (
        <Stack gap="sm" data-testid="meta-callback-connected">
          <Group gap="xs" wrap="nowrap" justify="center">
            <ThemeIcon size={28} radius="xl" color="green" variant="light" aria-hidden>
              <IconCircleCheck size={18} />
            </ThemeIcon>
            <Text fw={650}>{META_TEXT.connectedTitle}</Text>
          </Group>
          <Text size="sm" c="dimmed" ta="center">
            {META_TEXT.connectedCount(connected.length)}
          </Text>
          <Stack gap={0}>
            {connected.map((item) => (
              <Group
                key={item.accountId}
                gap="sm"
                wrap="nowrap"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="meta-connected-row"
              >
                <AppAvatar src={item.picture} name={item.name} size={40} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {item.name}
                  </Text>
                  {item.handle && item.handle !== item.name ? (
                    <Text size="sm" c="dimmed" truncate>
                      {item.handle}
                    </Text>
                  ) : null}
                </Stack>
                {item.relinked ? (
                  <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                    {META_TEXT.relinked}
                  </Badge>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Stack>
      ) : (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={META_TEXT.nothingConnected}
          data-testid="meta-callback-none"
        >
          {skipped.length ? null : META_TEXT.nothingConnectedHint}
        </Alert>
      )}
      {skipped.length ? (
        <Stack gap={6} data-testid="meta-callback-skipped">
          <Text size="sm" fw={650}>
            {META_TEXT.skippedTitle}
          </Text>
          {skipped.map((item, index) => (
            <Group
              key={`${item.name}-${index}`}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid="meta-skipped-row"
            >
              <ThemeIcon size={24} radius="xl" color="orange" variant="light" aria-hidden>
                <IconAlertTriangle size={14} />
              </ThemeIcon>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {item.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {item.reason}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
