import { Text } from '@mantine/core';
import type { Agent } from '@sapa/contracts';
import { EntityDeleteDialog } from '../../components/entity-delete-dialog';
import { useDeleteAgent } from './agent-queries';
import { AGENT_TEXT, fillText } from './agent-strings';

export interface AgentDeleteDialogProps {
  /** the agent to delete; null closes the dialog */
  agent: Agent | null;
  onClose: () => void;
}

/** 'Hapus Agen': says what happens to their chats and sessions, deletes, then toasts the result. */
export function AgentDeleteDialog({ agent, onClose }: AgentDeleteDialogProps) {
  const remove = useDeleteAgent();
  return (
    <EntityDeleteDialog
      entity={agent}
      onClose={onClose}
      remove={remove}
      title={AGENT_TEXT.deleteTitle}
      testId="agent-delete-confirm"
    >
      {(shown) => <Text size="sm">{fillText(AGENT_TEXT.deleteBody, { name: shown?.name ?? '' })}</Text>}
    </EntityDeleteDialog>
  );
}
