import { Button, Group, Text } from '@mantine/core';
import { IconLock, IconTemplate } from '@tabler/icons-react';
import {
  canReply,
  INTEGRATION_MESSAGES,
  interpolate,
  LIMITS,
  replyWindow,
  replyWindowHoursOf,
  t,
  type Chat,
} from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { CHAT_STRINGS } from './chat-strings';
import { useAssignChat } from './use-assign-chat';

export type ReplyBlock =
  | { kind: 'assign' }
  | { kind: 'assigned'; agent: string }
  /** spec §4: Instagram's 24 hours have passed (the spec's own words) */
  | { kind: 'instagram' }
  /** issue 25: another channel's window (Messenger: 24 hours, or 7 days with Human Agent) */
  | { kind: 'window'; hours: number }
  /** issue 25, WhatsApp Cloud API: only an approved template may go out; `started` once the contact wrote */
  | { kind: 'template'; started: boolean };

/**
 * spec §4 'Composer replaced by a notice': an agent in an unassigned chat, a chat assigned to
 * another agent (these come first), or a chat whose channel's reply window has closed (issue 25):
 * Instagram's 24 hours after the contact last wrote, Messenger's window, and on the WhatsApp Cloud
 * API templates only.
 */
export function replyBlock(
  chat: Chat,
  myAgentId: string | null,
  now: number = Date.now(),
): ReplyBlock | null {
  if (!canReply({ agentId: myAgentId }, chat)) {
    return chat.agentId === null ? { kind: 'assign' } : { kind: 'assigned', agent: chat.agent?.name ?? '' };
  }
  const reply = replyWindow(chat, now);
  if (reply.state !== 'closed') return null;
  if (reply.templateOnly) return { kind: 'template', started: chat.fromSenderAt !== null };
  const hours = replyWindowHoursOf(chat.account.type, chat.account.replyWindowHours) ?? 24;
  return chat.account.type === 'instagram' && hours === 24
    ? { kind: 'instagram' }
    : { kind: 'window', hours };
}

function noticeText(block: ReplyBlock): string {
  switch (block.kind) {
    case 'assign':
      return CHAT_STRINGS.assignToReply;
    case 'assigned':
      return interpolate(CHAT_STRINGS.assignedTo, { agent: block.agent });
    case 'instagram':
      return t('chat.instagramWindow');
    case 'window':
      return interpolate(INTEGRATION_MESSAGES.windowClosedMessenger, { hours: block.hours });
    case 'template':
      return block.started
        ? INTEGRATION_MESSAGES.windowClosedCloud
        : INTEGRATION_MESSAGES.windowNotStartedCloud;
  }
}

/**
 * The notice shown instead of the composer, with 'Assign' for an agent in an unassigned chat and
 * 'Pilih template' on a WhatsApp Cloud API chat outside its 24 hours.
 */
export function ComposerNotice({
  chat,
  block,
  myAgentId,
  onPickTemplate,
  pickDisabled = false,
}: {
  chat: Chat;
  block: ReplyBlock;
  myAgentId: string | null;
  /** opens the template picker (a 'template' block) */
  onPickTemplate?: () => void;
  /** while the messages load, like the composer's send button */
  pickDisabled?: boolean;
}) {
  const toast = useToast();
  const assign = useAssignChat(chat._id);
  const templates = block.kind === 'template' && onPickTemplate;
  return (
    <Group
      className="sapa-composer-notice"
      gap="sm"
      // the button goes under the longer template text on phones
      wrap={templates ? 'wrap' : 'nowrap'}
      data-testid="composer-notice"
      data-kind={block.kind}
    >
      <IconLock size={18} stroke={1.7} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" style={{ flex: templates ? '1 1 220px' : 1 }}>
        {noticeText(block)}
      </Text>
      {templates ? (
        <Button
          size="xs"
          leftSection={<IconTemplate size={16} stroke={1.8} aria-hidden />}
          onClick={onPickTemplate}
          disabled={pickDisabled}
          style={{ marginLeft: 'auto' }}
          data-testid="pick-template"
        >
          {CHAT_STRINGS.templatePick}
        </Button>
      ) : null}
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
