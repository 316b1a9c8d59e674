import { Button, Checkbox, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LIMITS } from '@sapa/contracts';
import type { ReactNode } from 'react';
import { ChannelIcon } from '../../../components/channel-icon';
import type { PickerOption } from './use-paged-options';
import './pickers.css';

export interface PagedCheckListProps {
  label: string;
  options: PickerOption[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  selected: readonly string[];
  onToggle: (id: string) => void;
  /** one choice (the drawer's agent) instead of many */
  single?: boolean;
  empty: ReactNode;
  disabled?: boolean;
  testId?: string;
}

function OptionLabel({ option }: { option: PickerOption }) {
  return (
    <span className="sapa-pick-label">
      {option.color ? (
        <span className="sapa-pick-dot" style={{ background: option.color }} aria-hidden />
      ) : null}
      {option.type ? <ChannelIcon type={option.type} size={14} /> : null}
      <span className="sapa-pick-name">{option.name}</span>
      {option.detail ? <span className="sapa-pick-detail">{option.detail}</span> : null}
    </span>
  );
}

/**
 * A list of checkable accounts, labels or agents, paged 20 at a time with 'Lebih Banyak', at most
 * 200 px tall (spec §9 selector height), with its empty state.
 */
export function PagedCheckList({
  label,
  options,
  loading,
  hasMore,
  loadingMore,
  onMore,
  selected,
  onToggle,
  single = false,
  empty,
  disabled = false,
  testId,
}: PagedCheckListProps) {
  if (loading) {
    return (
      <Stack gap={8} aria-busy="true" aria-label={`Memuat ${label}`}>
        <Skeleton height={18} width="70%" />
        <Skeleton height={18} width="55%" />
        <Skeleton height={18} width="62%" />
      </Stack>
    );
  }
  if (!options.length) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId ? `${testId}-empty` : undefined}>
        {empty}
      </Text>
    );
  }
  const items = options.map((option) =>
    single ? (
      // one choice that acts at once (the drawer's agent): a pressed button, so choosing the same agent
      // again after an unassign is one more click, never a radio the browser thinks is still checked
      <UnstyledButton
        key={option._id}
        className="sapa-pick-option"
        aria-pressed={selected.includes(option._id)}
        onClick={() => onToggle(option._id)}
        disabled={disabled}
      >
        <span className="sapa-pick-mark" aria-hidden>
          {selected.includes(option._id) ? <IconCheck size={14} stroke={2.4} /> : null}
        </span>
        <OptionLabel option={option} />
      </UnstyledButton>
    ) : (
      <Checkbox
        key={option._id}
        checked={selected.includes(option._id)}
        onChange={() => onToggle(option._id)}
        label={<OptionLabel option={option} />}
        disabled={disabled}
      />
    ),
  );
  return (
    <div role="group" aria-label={label} data-testid={testId}>
      <ScrollArea.Autosize mah={LIMITS.selectorMaxHeightPx} type="auto" offsetScrollbars>
        <Stack gap={10} py={2}>
          {items}
          {hasMore ? (
            <Button
              variant="subtle"
              size="xs"
              onClick={onMore}
              loading={loadingMore}
              style={{ alignSelf: 'flex-start' }}
            >
              Lebih Banyak
            </Button>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    </div>
  );
}
