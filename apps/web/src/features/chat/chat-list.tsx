import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Box, Button, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Chat, SearchHit } from '@sapa/contracts';
import { ChatRow } from './chat-row';
import { ChatRowTake } from './take-chat-button';
import { matchTeamShortcut } from './inbox-shortcuts-team';
import { useSession } from '../../lib/use-session';
import { listStep, stepIndex } from './list-keys';

/** Rows have one fixed height, so thousands of loaded chats scroll without measuring. */
export const CHAT_ROW_HEIGHT = 76;

export interface ChatListProps {
  chats: readonly Chat[];
  selectedId: string | null;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** A search is applied: the empty state says nothing was found. */
  searching: boolean;
  /** Under the empty state, e.g. the simulator link. */
  emptyExtra?: ReactNode;
  /** role, id and label of the list as the panel of the status tab above it */
  panelProps?: HTMLAttributes<HTMLDivElement>;
  /** with a search: each listed chat's matching message (issue 21) */
  hits?: ReadonlyMap<string, SearchHit>;
  /** the searched words, marked in the hits */
  words?: readonly string[];
}

function ChatListSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Memuat percakapan" data-testid="chat-list-loading">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="sapa-chat-row sapa-chat-row-skeleton">
          <Skeleton height={44} circle />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={12} width={`${55 - (i % 3) * 10}%`} radius="sm" />
            <Skeleton height={10} width={`${80 - (i % 4) * 12}%`} radius="sm" />
          </Stack>
        </div>
      ))}
    </Box>
  );
}

/**
 * The inbox rows, virtualised (only the rows in view are in the page), with 'Lebih Banyak' after
 * the last loaded row while the server has more (spec §2).
 */
export function ChatList({
  chats,
  selectedId,
  isPending,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  searching,
  emptyExtra,
  panelProps,
  hits,
  words,
}: ChatListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const myAgentId = useSession()?.user?.agent?._id ?? null;
  const virtualizer = useVirtualizer({
    count: chats.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CHAT_ROW_HEIGHT,
    getItemKey: (index) => chats[index]?._id ?? index,
    overscan: 6,
  });

  // issue 21, keyboard: the list is one Tab stop (roving tabindex). The active row is the one last
  // focused, else the open chat, else the first; arrow keys and J/K move it, Enter opens it (a link).
  const [activeId, setActiveId] = useState<string | null>(null);
  const items = virtualizer.getVirtualItems();
  const byId = (id: string | null) => (id ? chats.findIndex((c) => c._id === id) : -1);
  const wanted = [byId(activeId), byId(selectedId), 0].find((i) => i >= 0) ?? 0;
  const tabStop = items.some((item) => item.index === wanted) ? wanted : (items[0]?.index ?? 0);
  const onFocusRow = useCallback((index: number) => setActiveId(chats[index]?._id ?? null), [chats]);
  const focusRow = useCallback(
    (index: number) => {
      const chat = chats[index];
      if (!chat) return;
      setActiveId(chat._id);
      virtualizer.scrollToIndex(index, { align: 'auto' });
      const attempt = (tries: number) => {
        const row = scrollRef.current?.querySelector<HTMLElement>(`a[data-chat-index="${index}"]`);
        if (row) row.focus();
        else if (tries > 0) requestAnimationFrame(() => attempt(tries - 1));
      };
      requestAnimationFrame(() => attempt(10));
    },
    [chats, virtualizer],
  );
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Alt+A on a row takes its chat (the row's 'Ambil' is not a Tab stop of its own); before the
    // room header's Alt+A, which then sees the key handled
    if (matchTeamShortcut(event.nativeEvent) === 'take') {
      const take = (event.target as HTMLElement)
        .closest('[role="listitem"]')
        ?.querySelector<HTMLElement>('[data-testid="chat-row-take"]');
      if (take) {
        event.preventDefault();
        take.click();
      }
      return;
    }
    const step = listStep(event);
    if (!step) return;
    event.preventDefault();
    const next = stepIndex(step, wanted, chats.length);
    if (step === 'next' && next === wanted && hasNextPage && !isFetchingNextPage) onLoadMore();
    focusRow(next);
  };
  // spec §2 Escape closes the chat; the focus then goes back to its row (issue 21), unless the
  // person has moved it somewhere else meanwhile.
  const previousSelected = useRef(selectedId);
  useEffect(() => {
    const previous = previousSelected.current;
    previousSelected.current = selectedId;
    if (!previous || selectedId) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const index = chats.findIndex((c) => c._id === previous);
    if (index >= 0) focusRow(index);
  }, [selectedId, chats, focusRow]);

  let content: ReactNode;
  if (isPending) content = <ChatListSkeleton />;
  else if (chats.length === 0) {
    content = (
      <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="chat-list-empty">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          {searching ? <IconSearch size={24} stroke={1.6} /> : <IconMessages size={24} stroke={1.6} />}
        </ThemeIcon>
        <Text fw={600}>{searching ? 'Percakapan tidak ditemukan' : 'Tidak ada Percakapan'}</Text>
        {emptyExtra}
      </Stack>
    );
  } else {
    content = (
      <div
        role="list"
        aria-label="Daftar percakapan"
        className="sapa-virtual-list"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onListKeyDown}
        data-testid="chat-list-rows"
      >
        {items.map((item) => {
          const chat = chats[item.index];
          if (!chat) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-posinset={item.index + 1}
              aria-setsize={chats.length}
              className="sapa-virtual-item"
              style={{ height: CHAT_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <ChatRow
                chat={chat}
                selected={chat._id === selectedId}
                hit={hits?.get(chat._id)}
                words={words}
                index={item.index}
                tabIndex={item.index === tabStop ? 0 : -1}
                onFocusRow={onFocusRow}
              />
              <ChatRowTake chat={chat} myAgentId={myAgentId} />
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <div ref={scrollRef} className="sapa-pane-scroll" data-testid="chat-list" {...panelProps}>
      {content}
      {hasNextPage && !isPending ? (
        <Box p="sm">
          <Button
            variant="light"
            fullWidth
            onClick={onLoadMore}
            loading={isFetchingNextPage}
            data-testid="load-more-chats"
          >
            Lebih Banyak
          </Button>
        </Box>
      ) : null}
    </div>
  );
}
