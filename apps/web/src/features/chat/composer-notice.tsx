import { Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { canReply, instagramWindowClosed, LIMITS, t, type Chat, interpolate } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { CHAT_STRINGS } from './chat-strings';
import { useAssignChat } from './use-assign-chat';

export type ReplyBlock = { kind: 'assign' } | { kind: 'assigned'; agent: string } | { kind: 'instagram' };

/**
 * spec §4 'Composer replaced by a notice': an agent in an unassigned chat, a chat assigned to
 * another agent, or an Instagram chat whose contact last wrote 24 hours ago or more.
 */
export function replyBlock(
  chat: Chat,
  myAgentId: string | null,
  now: number = Date.now(),
): ReplyBlock | null {
  if (!canReply({ agentId: myAgentId }, chat)) {
    return chat.agentId === null ? { kind: 'assign' } : { kind: 'assigned', agent: chat.agent?.name ?? '' };
  }
  return instagramWindowClosed(chat, now) ? { kind: 'instagram' } : null;
}

/** The notice shown instead of the composer, with 'Assign' for an agent in an unassigned chat. */
export function ComposerNotice({
  chat,
  block,
  myAgentId,
}: {
  chat: Chat;
  block: ReplyBlock;
  myAgentId: string | null;
}) {
  const toast = useToast();
  const assign = useAssignChat(chat._id);
  const text =
    block.kind === 'assign'
      ? CHAT_STRINGS.assignToReply
      : block.kind === 'assigned'
        ? interpolate(CHAT_STRINGS.assignedTo, { agent: block.agent })
        : t('chat.instagramWindow');
  return (
    <Group className="sapa-composer-notice" gap="sm" wrap="nowrap" data-testid="composer-notice">
      <IconLock size={18} stroke={1.7} aria-hidden />
      <Text size="sm" style={{ flex: 1 }}>
        {text}
      </Text>
      {block.kind === 'assign' && myAgentId ? (
        <Button
          size="xs"
          loading={assign.isPending}
          onClick={async () => {
            // mutateAsync, not mutate's callbacks: the realtime update can unmount this notice
            // before the response arrives, and the toast must still show.
            try {
              await assign.mutateAsync(myAgentId);
              toast.show({
                title: t('common.success'),
                message: CHAT_STRINGS.assignDone,
                type: 'success',
                timeout: LIMITS.toastShortTimeoutMs,
              });
            } catch (error) {
              toast.show({
                title: t('common.failed'),
                message: errorMessage(error, CHAT_STRINGS.assignFailedFallback),
                type: 'error',
              });
            }
          }}
        >
          Assign
        </Button>
      ) : null}
    </Group>
  );
}
