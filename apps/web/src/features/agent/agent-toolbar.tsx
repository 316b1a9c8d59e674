import { useState } from 'react';
import { ActionIcon, CloseButton, SegmentedControl, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { agentT, type AgentVerifiedFilter } from '@sapa/contracts';
import type { AgentFilter } from './agent-queries';
import { AGENT_TEXT } from './agent-strings';

// the control needs a non-empty value for 'everyone'
const ALL = 'all';
const FILTERS = [
  { value: ALL, label: AGENT_TEXT.filterAll },
  { value: 'true', label: agentT('agent.statusVerified') },
  { value: 'false', label: agentT('agent.statusUnverified') },
];

/** Search (applied on Enter or the button; clearing it shows everyone again) and the verified filter. */
export function AgentToolbar({
  filter,
  onChange,
}: {
  filter: AgentFilter;
  onChange: (filter: AgentFilter) => void;
}) {
  const [draft, setDraft] = useState(filter.search);
  const applySearch = (search: string) => {
    if (search !== filter.search) onChange({ ...filter, search });
  };

  return (
    <div className="sapa-agent-toolbar">
      <form
        role="search"
        className="sapa-agent-search"
        onSubmit={(event) => {
          event.preventDefault();
          applySearch(draft.trim());
        }}
      >
        <TextInput
          size="sm"
          style={{ flex: 1, minWidth: 0 }}
          enterKeyHint="search"
          aria-label={AGENT_TEXT.searchLabel}
          placeholder={AGENT_TEXT.searchPlaceholder}
          value={draft}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft(value);
            if (!value) applySearch('');
          }}
          leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
          rightSection={
            draft ? (
              <CloseButton
                size="sm"
                aria-label={AGENT_TEXT.clearSearch}
                onClick={() => {
                  setDraft('');
                  applySearch('');
                }}
              />
            ) : null
          }
          data-testid="agent-search"
        />
        <ActionIcon
          type="submit"
          size={36}
          variant="light"
          aria-label={AGENT_TEXT.search}
          data-testid="agent-search-button"
        >
          <IconSearch size={18} stroke={1.8} />
        </ActionIcon>
      </form>
      <div role="group" aria-labelledby="agent-filter-label" className="sapa-agent-filter-wrap">
        <VisuallyHidden id="agent-filter-label">{AGENT_TEXT.filterLabel}</VisuallyHidden>
        <SegmentedControl
          size="sm"
          fullWidth
          value={filter.isVerified || ALL}
          onChange={(value) =>
            onChange({ ...filter, isVerified: (value === ALL ? '' : value) as AgentVerifiedFilter })
          }
          data={FILTERS}
          data-testid="agent-filter"
          className="sapa-agent-filter"
        />
      </div>
    </div>
  );
}
