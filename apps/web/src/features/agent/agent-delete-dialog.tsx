import { Text } from '@mantine/core';
import type { Agent } from '@sapa/contracts';
import { EntityDeleteDialog } from '../../components/entity-delete-dialog';
import { useDeleteAgent } from '../../resources/agent/agent-queries';
import { AGENT_TEXT } from './agent-strings';
import { interpolate } from '@sapa/contracts';

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
      {(shown) => <Text size="sm">{interpolate(AGENT_TEXT.deleteBody, { name: shown?.name ?? '' })}</Text>}
    </EntityDeleteDialog>
  );
}
