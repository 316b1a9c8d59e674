import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconSend, IconTrash } from '@tabler/icons-react';
import { WEB_MESSAGES, WEBHOOK_MESSAGES, t, webhookSaveBody, type WebhookSettings } from '@sapa/contracts';
import { FormAlert } from '../../../components/form-alert';
import { useToast } from '../../../components/toast/use-toast';
import { useServerForm } from '../../../components/use-server-form';
import { errorMessage } from '../../../lib/api-error';
import { useSaveWebhook, useSendWebhookTest } from '../../../resources/webhook/webhook-queries';
import { WEBHOOK_TEXT as T } from './webhook-strings';

export interface WebhookSettingsFormProps {
  accountId: string;
  /** the saved webhook; null before the first save */
  webhook: WebhookSettings | null;
  /** a secret made now (the first save): shown once */
  onSecret: (secret: string) => void;
  onRotate: () => void;
  onRemove: () => void;
}

/**
 * The URL and 'Aktif', then the webhook's actions once it exists. Until the owner edits a field the
 * form shows what the server holds, so a webhook the dispatcher turned off reads as off.
 */
export function WebhookSettingsForm({
  accountId,
  webhook,
  onSecret,
  onRotate,
  onRemove,
}: WebhookSettingsFormProps) {
  const toast = useToast();
  const headingId = useId();
  const save = useSaveWebhook();
  const test = useSendWebhookTest();
  const [draft, setDraft] = useState<{ url: string; enabled: boolean } | null>(null);
  const url = draft?.url ?? webhook?.url ?? '';
  const enabled = draft?.enabled ?? webhook?.enabled ?? true;
  const { errors, formError, check, clearError, fail } = useServerForm<'url' | 'enabled'>();

  const failed = (error: unknown) =>
    toast.show({
      title: t('common.failed'),
      message: errorMessage(error, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = check(webhookSaveBody.safeParse({ url, enabled }), 'url');
    if (!parsed) return;
    save.mutate(
      { accountId, ...parsed },
      {
        onSuccess: (answer) => {
          setDraft(null);
          toast.show({ title: t('common.success'), message: answer.message, type: 'success' });
          if (answer.secret) onSecret(answer.secret);
        },
        onError: fail,
      },
    );
  };

  const sendTest = () =>
    test.mutate(accountId, {
      onSuccess: () =>
        toast.show({ title: t('common.success'), message: WEBHOOK_MESSAGES.testQueued, type: 'success' }),
      onError: failed,
    });

  const turnedOff = webhook && !webhook.enabled && webhook.disabledReason;

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="md" id={headingId}>
        {T.settingsHeading}
      </Title>
      {turnedOff ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={T.disabledTitle}
          data-testid="webhook-disabled-reason"
        >
          {webhook.disabledReason}
        </Alert>
      ) : null}
      {webhook ? null : (
        <Text size="sm" c="dimmed" data-testid="webhook-not-set">
          {T.notSetHint}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            label={T.urlLabel}
            description={T.urlHint}
            placeholder={T.urlPlaceholder}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            onChange={(e) => {
              setDraft({ url: e.currentTarget.value, enabled });
              clearError('url');
            }}
            error={errors.url}
            data-testid="webhook-url"
          />
          <Switch
            label={T.enabledLabel}
            description={T.enabledHint}
            checked={enabled}
            onChange={(e) => setDraft({ url, enabled: e.currentTarget.checked })}
            data-testid="webhook-enabled"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="webhook-save">
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
      {webhook ? (
        <Stack gap={6}>
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconSend size={16} />}
              onClick={sendTest}
              loading={test.isPending}
              disabled={!webhook.enabled}
              data-testid="webhook-test"
            >
              {T.test}
            </Button>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={onRotate}
              data-testid="webhook-rotate"
            >
              {T.rotate}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={onRemove}
              data-testid="webhook-remove"
            >
              {T.remove}
            </Button>
          </Group>
          {webhook.enabled ? null : (
            <Text size="xs" c="dimmed">
              {T.testNeedsEnabled}
            </Text>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
