import { Badge, Tabs } from '@mantine/core';
import { capCount, type ChatCount, type ChatStatusFilter } from '@sapa/contracts';

const TABS: readonly { value: ChatStatusFilter; tab: string; label: string; count?: keyof ChatCount }[] = [
  { value: '', tab: 'all', label: 'Semua' },
  { value: 'unread', tab: 'unread', label: 'Belum Dibaca', count: 'unread' },
  { value: 'unreplied', tab: 'unreplied', label: 'Belum Dibalas', count: 'unreplied' },
];

/** Mantine builds the tabs' ids from this: `chat-status-tab-all` controls `chat-status-panel-all`. */
const TABS_ID = 'chat-status';

const tabOf = (value: ChatStatusFilter) => TABS.find((t) => t.value === value)?.tab ?? 'all';

/**
 * The attributes of the element the selected tab controls: the chat list under the tabs is that
 * tab's panel, so the tab's aria-controls names an element that exists (axe aria-valid-attr-value).
 */
export function statusPanelProps(value: ChatStatusFilter) {
  const tab = tabOf(value);
  return { role: 'tabpanel', id: `${TABS_ID}-panel-${tab}`, 'aria-labelledby': `${TABS_ID}-tab-${tab}` };
}

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
  return (
    <Tabs
      id={TABS_ID}
      value={tabOf(value)}
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
