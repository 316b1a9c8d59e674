import { Badge, Group, Progress, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  interpolate,
  PUBLICATION_STATES,
  publicationStateLabel,
  type BroadcastCounts,
  type PublicationState,
} from '@sapa/contracts';
import type { PublicationFilters } from '../../resources/publication/publication-queries';
import { formatCount, progressOf, STATE_COLORS, yearOptions } from './publication-format';
import { PUB_TEXT } from './publication-strings';
import './publication.css';

/** 'Berjalan', 'Selesai', 'Dijeda', 'Dijadwalkan' (spec §4), coloured by state. */
export function StateBadge({ state, testId }: { state: PublicationState; testId?: string }) {
  const color = STATE_COLORS[state];
  return (
    // dark text on the state's tint: every state's badge keeps AA contrast
    <Badge
      color={color}
      variant="light"
      c="dark.7"
      radius="sm"
      style={{ flex: 'none' }}
      data-testid={testId}
      data-state={state}
    >
      {publicationStateLabel(state)}
    </Badge>
  );
}

/** The progress bar of a broadcast: recipients no longer waiting over all of them. */
export function BroadcastProgress({
  counts,
  name,
  size = 'sm',
}: {
  counts: BroadcastCounts;
  name: string;
  size?: 'sm' | 'lg';
}) {
  const value = progressOf(counts);
  return (
    <Group gap="sm" wrap="nowrap">
      <Progress
        value={value}
        size={size === 'lg' ? 'xl' : 'md'}
        radius="xl"
        style={{ flex: 1 }}
        aria-label={interpolate(PUB_TEXT.progressLabel, { name })}
        data-testid="broadcast-progress"
      />
      <Text size={size === 'lg' ? 'md' : 'sm'} fw={600} miw={44} ta="right" data-testid="broadcast-percent">
        {value}%
      </Text>
    </Group>
  );
}

/** The counts worth reading, in order; 'Dilewati' only when some were skipped. */
export function countItems(counts: BroadcastCounts): { key: string; label: string; value: number }[] {
  const items: { key: string; label: string; value: number }[] = [
    { key: 'sent', label: PUB_TEXT.countSent, value: counts.sent },
    { key: 'delivered', label: PUB_TEXT.countDelivered, value: counts.delivered },
    { key: 'read', label: PUB_TEXT.countRead, value: counts.read },
    { key: 'replied', label: PUB_TEXT.countReplied, value: counts.replied },
    { key: 'failed', label: PUB_TEXT.countFailed, value: counts.failed },
  ];
  if (counts.skipped > 0) items.push({ key: 'skipped', label: PUB_TEXT.countSkipped, value: counts.skipped });
  return items;
}

/** The counts of a list row as a compact definition list: 'Terkirim 120 · Diterima 118 …'. */
export function CountsInline({ counts }: { counts: BroadcastCounts }) {
  return (
    <dl className="sapa-pub-counts">
      {countItems(counts).map((item) => (
        <div key={item.key} data-testid={`count-${item.key}`}>
          <dt>{item.label}</dt>
          <dd>{formatCount(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface FilterBarProps {
  filters: PublicationFilters;
  onChange: (filters: PublicationFilters) => void;
  testIdPrefix: string;
}

/** State, year and a date range (spec §9); an empty choice drops the filter. */
export function PublicationFilterBar({ filters, onChange, testIdPrefix }: FilterBarProps) {
  const set = (patch: Partial<PublicationFilters>) => {
    const next = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof PublicationFilters)[]) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    onChange(next);
  };
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="md">
      <Select
        size="md"
        label={PUB_TEXT.filterState}
        placeholder={PUB_TEXT.filterAllStates}
        data={PUBLICATION_STATES.map((s) => ({ value: s, label: publicationStateLabel(s) }))}
        value={filters.state ?? null}
        onChange={(value) => set({ state: (value as PublicationState | null) ?? undefined })}
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid={`${testIdPrefix}-filter-state`}
      />
      <Select
        size="md"
        label={PUB_TEXT.filterYear}
        placeholder={PUB_TEXT.filterAllYears}
        data={yearOptions().map((y) => String(y))}
        value={filters.year ? String(filters.year) : null}
        onChange={(value) => set({ year: value ? Number(value) : undefined })}
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid={`${testIdPrefix}-filter-year`}
      />
      <TextInput
        type="date"
        label={PUB_TEXT.filterFrom}
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => set({ from: event.currentTarget.value || undefined })}
        data-testid={`${testIdPrefix}-filter-from`}
      />
      <TextInput
        type="date"
        label={PUB_TEXT.filterTo}
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => set({ to: event.currentTarget.value || undefined })}
        data-testid={`${testIdPrefix}-filter-to`}
      />
    </SimpleGrid>
  );
}
