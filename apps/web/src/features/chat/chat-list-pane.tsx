import { lazy, Suspense, useMemo, useState } from 'react';
import { ActionIcon, Box, Group, Indicator, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconMessagePlus } from '@tabler/icons-react';
import type { AssigneeView, ChatStatusFilter, ConversationView } from '@sapa/contracts';
import { SearchForm } from '../../components/search-input';
import { flattenChats } from '../../resources/chat/chat-list-cache';
import { FirstRunChecklist } from './first-run-checklist';
import { ChatList } from './chat-list';
import { EMPTY_CHAT_FILTER, type ChatFilter } from '../../resources/chat/chat-keys';
import { ChatStatusTabs, statusPanelProps } from './chat-status-tabs';
import { NotificationPrompt } from './notification-prompt';
import { SandboxLink } from './sandbox-link';
import { useChatCount } from './use-chat-count';
import { useChatList } from './use-chat-list';
import { ConversationViewFilter, viewEmptyHint } from './conversation-view-filter';
import { useSession } from '../../lib/use-session';
import { useFocusComposerOnOpen, useInboxShortcuts } from './keyboard-shortcuts';
import { useNewMessageSound } from './new-message-sound';
import { searchHitsOf, searchWords } from './search-hit';
import { ShortcutSheet } from './shortcut-sheet';
import { SkipToChatList } from './skip-link';
import { SoundToggle } from './sound-toggle';
import { useTitleCount } from './use-title-count';

// The modal and its form rules load on the first click.
const FilterModal = lazy(async () => ({ default: (await import('./filter-modal')).FilterModal }));
const StartChatModal = lazy(async () => ({ default: (await import('./start-chat-modal')).StartChatModal }));

/** The left pane of the inbox (spec §2 'Chat inbox'): title, search, status tabs and the rows. */
export function ChatListPane({ selectedId }: { selectedId: string | null }) {
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<ChatFilter>(EMPTY_CHAT_FILTER);
  const [starting, setStarting] = useState(false);
  const [startMounted, setStartMounted] = useState(false);
  const [filtering, setFiltering] = useState(false);
  const [filterMounted, setFilterMounted] = useState(false);
  const picked = useMemo(
    () => ({ accountIds: filter.accountIds, labelIds: filter.labelIds, agentIds: filter.agentIds }),
    [filter.accountIds, filter.labelIds, filter.agentIds],
  );
  const activeFilters = filter.accountIds.length + filter.labelIds.length + filter.agentIds.length;
  const list = useChatList(filter);
  const isAgent = !!useSession()?.user?.agent;
  const counts = useChatCount(
    useMemo(() => ({ state: filter.state, assignee: filter.assignee }), [filter.state, filter.assignee]),
  );
  const viewHint = viewEmptyHint(filter.state, filter.assignee);
  const chats = useMemo(() => flattenChats(list.data), [list.data]);
  // issue 21: search hits, keyboard and attention
  const hits = useMemo(
    () => (filter.search ? searchHitsOf(list.data) : undefined),
    [filter.search, list.data],
  );
  const words = useMemo(() => searchWords(filter.search), [filter.search]);
  const [sheetOpen, setSheetOpen] = useState(false);
  useInboxShortcuts({ onHelp: () => setSheetOpen(true) });
  useFocusComposerOnOpen(selectedId);
  useTitleCount(counts.data?.unread);
  const sound = useNewMessageSound();

  const applySearch = (search: string) => setFilter((f) => (f.search === search ? f : { ...f, search }));
  const setStatus = (status: ChatStatusFilter) => setFilter((f) => ({ ...f, status }));
  const setView = (state: ConversationView) => setFilter((f) => ({ ...f, state }));
  const setAssignee = (assignee: AssigneeView) => setFilter((f) => ({ ...f, assignee }));
  const openStart = () => {
    setStartMounted(true);
    setStarting(true);
  };

  // the inbox's layout turns to one pane below 48em (chat-inbox.css): no empty pane holds the checklist
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;

  return (
    <>
      <SkipToChatList toReply={phone && !!selectedId} />
      <div className="sapa-pane-head">
        <Group justify="space-between" wrap="nowrap" gap="xs" mb="sm" mih={36}>
          <Title order={1} fz="h3">
            Percakapan
          </Title>
          {/* spec §2: hidden while search text exists. The filter button will sit beside it. */}
          <Group gap={6} wrap="nowrap">
            <SoundToggle enabled={sound.enabled} onToggle={sound.toggle} />
            <Tooltip
              label={activeFilters ? `Filter Percakapan (${activeFilters} aktif)` : 'Filter Percakapan'}
              withArrow
            >
              <Indicator label={activeFilters} size={16} disabled={!activeFilters} offset={4}>
                <ActionIcon
                  size={36}
                  variant={activeFilters ? 'filled' : 'light'}
                  aria-label="Filter Percakapan"
                  aria-pressed={activeFilters > 0}
                  data-active={activeFilters > 0}
                  data-testid="filter-button"
                  onClick={() => {
                    setFilterMounted(true);
                    setFiltering(true);
                  }}
                  onMouseEnter={() => void import('./filter-modal')}
                >
                  <IconFilter size={19} stroke={1.8} />
                </ActionIcon>
              </Indicator>
            </Tooltip>
            {draft ? null : (
              <Tooltip label="Mulai Percakapan" withArrow>
                <ActionIcon
                  size={36}
                  variant="filled"
                  aria-label="Mulai Percakapan"
                  data-testid="start-chat-button"
                  onClick={openStart}
                  onMouseEnter={() => void import('./start-chat-modal')}
                >
                  <IconMessagePlus size={20} stroke={1.8} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        <SearchForm
          grouped
          inputStyle={{ flex: 1 }}
          draft={draft}
          onDraftChange={setDraft}
          onApply={applySearch}
          label="Cari percakapan"
          placeholder="Cari nama, nomor atau pesan"
          clearLabel="Hapus pencarian"
          buttonLabel="Cari"
          testId="chat-search-input"
          buttonTestId="chat-search-button"
        />
        <ConversationViewFilter
          state={filter.state}
          assignee={filter.assignee}
          isAgent={isAgent}
          onStateChange={setView}
          onAssigneeChange={setAssignee}
        />
      </div>
      <ChatStatusTabs value={filter.status} counts={counts.data} onChange={setStatus} />
      <NotificationPrompt />
      {phone ? (
        <Box px="sm" pt="xs">
          <FirstRunChecklist compact />
        </Box>
      ) : null}
      <ChatList
        // A new filter is a new list: start at its top.
        key={JSON.stringify(filter)}
        chats={chats}
        selectedId={selectedId}
        isPending={list.isPending}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        searching={!!filter.search || activeFilters > 0}
        emptyExtra={
          filter.search ? null : viewHint ? (
            <Text size="sm" c="dimmed" data-testid="chat-view-empty-hint">
              {viewHint}
            </Text>
          ) : (
            <SandboxLink size="xs" />
          )
        }
        panelProps={statusPanelProps(filter.status)}
        hits={hits}
        words={words}
      />
      <ShortcutSheet opened={sheetOpen} onClose={() => setSheetOpen(false)} />
      {filterMounted ? (
        <Suspense fallback={null}>
          <FilterModal
            opened={filtering}
            value={picked}
            onClose={() => setFiltering(false)}
            onApply={(picked) => setFilter((f) => ({ ...f, ...picked }))}
          />
        </Suspense>
      ) : null}
      {startMounted ? (
        <Suspense fallback={null}>
          <StartChatModal opened={starting} onClose={() => setStarting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
