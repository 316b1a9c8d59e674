import { useState } from 'react';
import { Button, Divider, Drawer, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { WEB_MESSAGES, formatPhone, interpolate, t, type Account } from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { LoadFailed } from '../../../components/list-states';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-error';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useWebhook,
} from '../../../resources/webhook/webhook-queries';
import { WebhookLog } from './webhook-log';
import { WebhookSecretModal } from './webhook-secret-modal';
import { WebhookSettingsForm } from './webhook-settings';
import { WEBHOOK_TEXT as T } from './webhook-strings';
import { WebhookVerify } from './webhook-verify';

/** At this width and below the drawer takes the whole screen. */
const FULL_QUERY = '(max-width: 37.5em)';

interface PanelProps {
  accountId: string;
  onSecret: (secret: string) => void;
  onRotate: () => void;
  onRemove: () => void;
}

/** The drawer's content: settings, then (once set) the delivery log, then how to verify. */
function WebhookPanel({ accountId, onSecret, onRotate, onRemove }: PanelProps) {
  const settings = useWebhook(accountId);
  if (settings.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" data-testid="webhook-loading">
        <Skeleton h={36} radius="sm" />
        <Skeleton h={24} w={140} radius="sm" />
        <Skeleton h={36} w={100} radius="sm" ml="auto" />
      </Stack>
    );
  }
  if (settings.isError) {
    return <LoadFailed text={T.loadFailed} onRetry={() => void settings.refetch()} testId="webhook-failed" />;
  }
  const webhook = settings.data.webhook;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {T.intro}
      </Text>
      <WebhookSettingsForm
        // a removed webhook leaves an empty form
        key={webhook ? 'set' : 'unset'}
        accountId={accountId}
        webhook={webhook}
        onSecret={onSecret}
        onRotate={onRotate}
        onRemove={onRemove}
      />
      {webhook ? (
        <>
          <Divider />
          <WebhookLog accountId={accountId} />
        </>
      ) : null}
      <Divider />
      <WebhookVerify />
    </Stack>
  );
}

/**
 * A number's outbound webhook (issue 26), in a drawer from the right (the whole screen on a phone):
 * its URL and on/off, the secret shown once, a test event, the delivery log with replay. The
 * confirmations and the secret sit beside the drawer, not inside it, so their Escape closes only them.
 */
export function WebhookDrawer({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const full = useMediaQuery(FULL_QUERY, false, { getInitialValueInEffect: false });
  const toast = useToast();
  // the number stays shown while the drawer slides shut
  const [shown, setShown] = useState(account);
  if (account && account !== shown) setShown(account);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'rotate' | 'remove' | null>(null);
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();

  const failed = (error: unknown) =>
    toast.show({
      title: t('common.failed'),
      message: errorMessage(error, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });
  const succeeded = (message: string) => toast.show({ title: t('common.success'), message, type: 'success' });

  const confirmRotate = () => {
    if (!shown || rotate.isPending) return;
    rotate.mutate(shown.id, {
      onSuccess: (answer) => {
        setConfirm(null);
        succeeded(answer.message);
        setSecret(answer.secret);
      },
      onError: failed,
    });
  };
  const confirmRemove = () => {
    if (!shown || remove.isPending) return;
    remove.mutate(shown.id, {
      onSuccess: (answer) => {
        setConfirm(null);
        succeeded(answer.message);
      },
      onError: failed,
    });
  };

  const name = shown?.label.name ?? '';
  const number = shown ? formatPhone(shown.label.phoneNumber) || shown.channel?.handle || '' : '';

  return (
    <>
      <Drawer.Root opened={!!account} onClose={onClose} position="right" size={full ? '100%' : 'xl'}>
        <Drawer.Overlay />
        <Drawer.Content aria-label={interpolate(T.drawerTitle, { name })} data-testid="webhook-drawer">
          <Drawer.Header>
            <Stack gap={2} miw={0}>
              <Drawer.Title fz="lg" fw={650} style={{ overflowWrap: 'anywhere' }}>
                {interpolate(T.drawerTitle, { name })}
              </Drawer.Title>
              {number ? (
                <Text size="sm" c="dimmed">
                  {number}
                </Text>
              ) : null}
            </Stack>
            <Drawer.CloseButton aria-label={T.close} />
          </Drawer.Header>
          <Drawer.Body>
            {shown ? (
              <WebhookPanel
                key={shown.id}
                accountId={shown.id}
                onSecret={setSecret}
                onRotate={() => setConfirm('rotate')}
                onRemove={() => setConfirm('remove')}
              />
            ) : null}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>

      <Modal
        opened={confirm === 'rotate'}
        onClose={() => {
          if (!rotate.isPending) setConfirm(null);
        }}
        title={T.rotateTitle}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': T.close }}
        styles={{ title: { fontWeight: 650 } }}
      >
        <Stack gap="lg" data-testid="webhook-rotate-dialog">
          <Text size="sm">{T.rotateBody}</Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirm(null)}
              disabled={rotate.isPending}
              data-autofocus
            >
              {T.cancel}
            </Button>
            <Button
              color="orange"
              onClick={confirmRotate}
              loading={rotate.isPending}
              data-testid="webhook-rotate-confirm"
            >
              {T.rotateConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDeleteDialog
        opened={confirm === 'remove'}
        title={T.removeTitle}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setConfirm(null)}
        testId="webhook-remove-dialog"
        submitTestId="webhook-remove-confirm"
      >
        <Text size="sm">{T.removeBody}</Text>
      </ConfirmDeleteDialog>

      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
