import { useState } from 'react';
import { Text } from '@mantine/core';
import { t, type Agent } from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
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
    <ConfirmDeleteDialog
      opened={!!agent}
      title={AGENT_TEXT.deleteTitle}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="agent-delete-confirm"
    >
      <Text size="sm">{fillText(AGENT_TEXT.deleteBody, { name: shown?.name ?? '' })}</Text>
    </ConfirmDeleteDialog>
  );
}
