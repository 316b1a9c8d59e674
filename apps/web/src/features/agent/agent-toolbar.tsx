import { useState } from 'react';
import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { type AgentVerifiedFilter, AGENT_MESSAGES } from '@sapa/contracts';
import { SearchForm } from '../../components/search-input';
import type { AgentFilter } from '../../resources/agent/agent-queries';
import { AGENT_TEXT } from './agent-strings';

// the control needs a non-empty value for 'everyone'
const ALL = 'all';
const FILTERS = [
  { value: ALL, label: AGENT_TEXT.filterAll },
  { value: 'true', label: AGENT_MESSAGES['agent.statusVerified'] },
  { value: 'false', label: AGENT_MESSAGES['agent.statusUnverified'] },
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
      <SearchForm
        className="sapa-agent-search"
        inputStyle={{ flex: 1, minWidth: 0 }}
        draft={draft}
        onDraftChange={setDraft}
        onApply={applySearch}
        label={AGENT_TEXT.searchLabel}
        placeholder={AGENT_TEXT.searchPlaceholder}
        clearLabel={AGENT_TEXT.clearSearch}
        buttonLabel={AGENT_TEXT.search}
        testId="agent-search"
        buttonTestId="agent-search-button"
      />
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
