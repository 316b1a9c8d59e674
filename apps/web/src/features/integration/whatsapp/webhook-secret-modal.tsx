import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { WEBHOOK_TEXT as T } from './webhook-strings';

/**
 * A webhook secret made now (the first save, or 'Ganti rahasia'), shown this once with a copy button.
 * Only its button closes it (not a click beside it), so the secret is not lost by accident.
 */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  // the secret stays in the modal while it animates closed
  const [shown, setShown] = useState(secret);
  if (secret && secret !== shown) setShown(secret);
  return (
    <Modal
      opened={!!secret}
      onClose={onClose}
      title={T.secretTitle}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': T.close }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="md" data-testid="webhook-secret-modal">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {T.secretWarning}
        </Alert>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
          {shown}
        </Code>
        <Text size="sm" c="dimmed">
          {T.secretExplain}
        </Text>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={shown ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-testid="webhook-secret-copy"
              >
                {copied ? T.copied : T.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {T.secretDone}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
