import { Badge, Tabs } from '@mantine/core';
import { capCount, type ChatCount, type ChatStatusFilter } from '@sapa/contracts';

const TABS: readonly { value: ChatStatusFilter; tab: string; label: string; count?: keyof ChatCount }[] = [
  { value: '', tab: 'all', label: 'Semua' },
  { value: 'unread', tab: 'unread', label: 'Belum Dibaca', count: 'unread' },
  { value: 'unreplied', tab: 'unreplied', label: 'Belum Dibalas', count: 'unreplied' },
];

/** spec §2: the status tabs (all, unread, unreplied) with their counts, 99+ above 99. */
export function ChatStatusTabs({
  value,
  counts,
  onChange,
}: {
  value: ChatStatusFilter;
  counts: ChatCount | undefined;
  onChange: (value: ChatStatusFilter) => void;
}) {
  const active = TABS.find((t) => t.value === value)?.tab ?? 'all';
  return (
    <Tabs
      value={active}
      onChange={(tab) => onChange(TABS.find((t) => t.tab === tab)?.value ?? '')}
      className="sapa-status-tabs"
    >
      <Tabs.List aria-label="Status percakapan" style={{ flexWrap: 'nowrap' }}>
        {TABS.map((t) => {
          const count = t.count ? (counts?.[t.count] ?? 0) : 0;
          return (
            <Tabs.Tab
              key={t.tab}
              value={t.tab}
              data-testid={`chat-tab-${t.tab}`}
              rightSection={
                count > 0 ? (
                  <Badge
                    size="sm"
                    circle={count < 10}
                    px={count < 10 ? 0 : 5}
                    variant="filled"
                    data-testid={`chat-count-${t.tab}`}
                  >
                    {capCount(count)}
                  </Badge>
                ) : null
              }
            >
              {t.label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
