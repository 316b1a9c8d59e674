import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { t, type Agent } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { WEB_MESSAGES } from '../../lib/web-messages';
import { useDeleteAgent } from './agent-queries';
import { AGENT_TEXT, fillText } from './agent-strings';

export interface AgentDeleteDialogProps {
  /** the agent to delete; null closes the dialog */
  agent: Agent | null;
  onClose: () => void;
}

/** 'Hapus Agen': says what happens to their chats and sessions, deletes, then toasts the result. */
export function AgentDeleteDialog({ agent, onClose }: AgentDeleteDialogProps) {
  const toast = useToast();
  const remove = useDeleteAgent();
  // the name stays while the dialog closes
  const [shown, setShown] = useState(agent);
  if (agent && agent !== shown) setShown(agent);

  const confirm = () => {
    if (!agent || remove.isPending) return;
    remove.mutate(agent._id, {
      onSuccess: ({ message }) => {
        toast.show({ title: t('common.success'), message, type: 'success' });
        onClose();
      },
      onError: (error) => {
        toast.show({
          title: t('common.failed'),
          message: errorMessage(error, WEB_MESSAGES.unexpectedError),
          type: 'error',
        });
      },
    });
  };

  return (
    <Modal
      opened={!!agent}
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title={AGENT_TEXT.deleteTitle}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg" data-testid="agent-delete-confirm">
        <Text size="sm">{fillText(AGENT_TEXT.deleteBody, { name: shown?.name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            {AGENT_TEXT.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            {AGENT_TEXT.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
