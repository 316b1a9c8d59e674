import { Group, Select } from '@mantine/core';
import { INBOX_MESSAGES, type AssigneeView, type ConversationView } from '@sapa/contracts';
import './inbox-team.css';

const STATES: { value: ConversationView; label: string }[] = [
  { value: 'open', label: INBOX_MESSAGES.stateOpen },
  { value: 'resolved', label: INBOX_MESSAGES.stateResolved },
  { value: 'snoozed', label: INBOX_MESSAGES.stateSnoozed },
  { value: 'all', label: INBOX_MESSAGES.stateAll },
];

/** Select needs a non-empty value for 'everyone's chats'. */
const EVERYONE = 'all';

/**
 * Which chats are in view (issue 21), beside the spec's tabs: the conversation state (Terbuka by
 * default) and whose chats (everyone's, 'Milik Saya' for an agent, 'Belum Ditugaskan').
 */
export function ConversationViewFilter({
  state,
  assignee,
  isAgent,
  onStateChange,
  onAssigneeChange,
}: {
  state: ConversationView;
  assignee: AssigneeView;
  isAgent: boolean;
  onStateChange: (state: ConversationView) => void;
  onAssigneeChange: (assignee: AssigneeView) => void;
}) {
  const assignees = [
    { value: EVERYONE, label: 'Semua penugasan' },
    ...(isAgent ? [{ value: 'me', label: INBOX_MESSAGES.mine }] : []),
    { value: 'none', label: INBOX_MESSAGES.unassigned },
  ];
  return (
    <Group gap={8} wrap="nowrap" className="sapa-view-filter" data-testid="conversation-view-filter">
      <Select
        size="xs"
        aria-label="Status percakapan yang ditampilkan"
        data={STATES}
        value={state}
        allowDeselect={false}
        onChange={(value) => value && onStateChange(value as ConversationView)}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: '0 0 118px' }}
        data-testid="conversation-state-select"
      />
      <Select
        size="xs"
        aria-label="Penugasan percakapan yang ditampilkan"
        data={assignees}
        value={assignee || EVERYONE}
        allowDeselect={false}
        onChange={(value) => onAssigneeChange(value === EVERYONE || !value ? '' : (value as AssigneeView))}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: '1 1 auto', minWidth: 0 }}
        data-testid="conversation-assignee-select"
      />
    </Group>
  );
}

/** A word under the empty list for views other than everyone's open chats. */
export function viewEmptyHint(state: ConversationView, assignee: AssigneeView): string | null {
  if (state === 'resolved') return 'Percakapan yang diselesaikan akan muncul di sini.';
  if (state === 'snoozed') return 'Percakapan yang ditunda akan muncul di sini sampai waktunya tiba.';
  if (assignee === 'me') return 'Belum ada percakapan terbuka yang ditugaskan kepada Anda.';
  if (assignee === 'none') return 'Semua percakapan terbuka sudah ditugaskan.';
  return null;
}
