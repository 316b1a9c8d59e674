import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { LIMITS, type AccountType, type Message } from '@sapa/contracts';
import { MessageBubble } from './message-bubble';
import { NoteBubble } from './note-bubble';
import { buildMessageRows } from './message-rows';
import { useSearchJump } from './use-search-jump';
import './inbox-keyboard.css';

export interface MessageListProps {
  messages: readonly Message[];
  /** The first page has arrived (or failed): time to scroll to the newest message. */
  loaded: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** Changes each time the user sends: the list then shows the newest message. */
  sentCount: number;
  /** the chat's channel: replies exist on WhatsApp only */
  channel: AccountType;
  /** starts a reply to this message (the composer shows the quote) */
  onReply?: (message: Message) => void;
}

/** How long a message jumped to from its quote stays marked. */
const HIGHLIGHT_MS = 1600;

const LOAD_OLDER_SPACE = 56;
/** The height of a day separator (fixed in chat.css), so the first one can sit above the rows. */
const DAY_SPACE = 40;
const EDGE_SPACE = 8;

function DaySeparator({ label }: { label: string }) {
  return (
    <div className="sapa-day-separator" data-testid="day-separator">
      <span>{label}</span>
    </div>
  );
}

function MessagesSkeleton() {
  return (
    <Stack gap="sm" p="md" aria-busy="true" aria-label="Memuat pesan" data-testid="message-list-loading">
      {[180, 240, 140, 260, 200].map((width, i) => (
        <Skeleton
          key={i}
          height={38}
          width={width}
          radius="lg"
          style={{ alignSelf: i % 2 ? 'flex-end' : 'flex-start' }}
        />
      ))}
    </Stack>
  );
}

/**
 * The open chat's messages, oldest first and virtualised. It starts at the newest message once
 * loaded, follows new ones while at the bottom, and keeps older pages loaded by 'Lebih Banyak'
 * above what is on screen (end anchoring keeps the visible message still). The button and the
 * first day separator sit in the list's top padding, outside the rows.
 */
export function MessageList({
  messages,
  loaded,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  sentCount,
  channel,
  onReply,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // issue 21 'Hapus': a failed message deleted (here or in another inbox) leaves the list
  const shown = useMemo(
    () => messages.filter((m) => !(m.isFromMe && m.status === 'error' && m.isDeleted)),
    [messages],
  );
  const { firstDay, rows } = useMemo(() => buildMessageRows(shown), [shown]);
  const topSpace = hasNextPage ? LOAD_OLDER_SPACE : EDGE_SPACE;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.dayAfter ? 56 + DAY_SPACE : 56),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 80,
    paddingStart: topSpace + (firstDay ? DAY_SPACE : 0),
    paddingEnd: EDGE_SPACE,
  });

  // spec §2/§9: scroll to the bottom on open, checking every 100 ms until the messages have loaded.
  const loadedRef = useRef(loaded);
  useEffect(() => {
    loadedRef.current = loaded;
  });
  // spec §2: clicking a quote scrolls to the original, loading older pages until it is there.
  const [jumpTarget, setJumpTarget] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // issue 21: opened from a search result, the room goes to the matching message instead
  const searchJumping = useSearchJump(loaded, setJumpTarget);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!loadedRef.current) return;
      window.clearInterval(timer);
      if (!searchJumping.current) virtualizer.scrollToEnd();
    }, LIMITS.scrollToBottomDelayMs);
    return () => window.clearInterval(timer);
  }, [virtualizer, searchJumping]);

  useEffect(() => {
    if (sentCount > 0) virtualizer.scrollToEnd();
  }, [sentCount, virtualizer]);

  const onQuoteClick = useCallback((messageId: string) => setJumpTarget(messageId), []);
  useEffect(() => {
    if (!jumpTarget) return;
    const index = rows.findIndex((row) => row.message._id === jumpTarget);
    if (index >= 0) {
      virtualizer.scrollToIndex(index, { align: 'center' });
      setHighlighted(jumpTarget);
      setJumpTarget(null);
      return;
    }
    if (!hasNextPage) setJumpTarget(null);
    else if (!isFetchingNextPage) onLoadMore();
  }, [jumpTarget, rows, hasNextPage, isFetchingNextPage, onLoadMore, virtualizer]);
  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  return (
    <div ref={scrollRef} className="sapa-room-scroll" data-testid="message-list">
      {!loaded ? <MessagesSkeleton /> : null}
      {loaded && rows.length === 0 ? (
        <Text c="dimmed" ta="center" size="sm" py="xl" data-testid="message-list-empty">
          Belum ada pesan
        </Text>
      ) : null}
      {loaded && rows.length > 0 ? (
        <div
          role="list"
          aria-label="Pesan"
          className="sapa-virtual-list"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {hasNextPage ? (
            <div className="sapa-load-older">
              <Button
                size="xs"
                radius="xl"
                variant="default"
                onClick={onLoadMore}
                loading={isFetchingNextPage}
                data-testid="load-older-messages"
              >
                Lebih Banyak
              </Button>
            </div>
          ) : null}
          {firstDay ? (
            <div className="sapa-first-day" style={{ top: topSpace }}>
              <DaySeparator label={firstDay} />
            </div>
          ) : null}
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                role="listitem"
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="sapa-virtual-item"
                style={{ transform: `translateY(${item.start}px)` }}
                data-jumped={highlighted === row.message._id || undefined}
              >
                {row.message.kind === 'note' ? (
                  <NoteBubble message={row.message} />
                ) : (
                  <MessageBubble
                    message={row.message}
                    channel={channel}
                    onReply={onReply}
                    onQuoteClick={onQuoteClick}
                    highlighted={highlighted === row.message._id}
                  />
                )}
                {row.dayAfter ? <DaySeparator label={row.dayAfter} /> : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
