import { useState } from 'react';
import { Button, Grid, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { PAYMENT_METHODS, TRANSACTION_STATUS_LABELS, TRANSACTION_STATUSES } from '@sapa/contracts';
import { SearchForm } from '../../components/search-input';
import type { AdminTransactionFilter } from '../../resources/admin/admin-payments';
import { hasFilters, rangeInvalid } from './tx-filters';
import { METHOD_LABELS, TX_TEXT } from './tx-strings';

const ALL = 'all';

const STATUS_OPTIONS = [
  { value: ALL, label: TX_TEXT.filterAllStatus },
  ...TRANSACTION_STATUSES.map((s) => ({ value: s, label: TRANSACTION_STATUS_LABELS[s] })),
];
const METHOD_OPTIONS = [
  { value: ALL, label: TX_TEXT.filterAllMethod },
  ...PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] })),
];

export interface TxFilterBarProps {
  filter: AdminTransactionFilter;
  /** one filter changed: its new value, null when cleared */
  onChange: (change: Partial<Record<keyof AdminTransactionFilter, string | null>>) => void;
  onReset: () => void;
}

/**
 * The Transaksi filters: a search (owner, invoice number or reference; on Enter), the status, the
 * method and a range of Jakarta days. The page keeps them in the address.
 */
export function TxFilterBar({ filter, onChange, onReset }: TxFilterBarProps) {
  // a search typed but not applied yet; a new search from the address (a link, 'Hapus filter') replaces it
  const [draft, setDraft] = useState({ q: filter.q ?? '', text: filter.q ?? '' });
  const shown = draft.q === (filter.q ?? '') ? draft.text : (filter.q ?? '');
  const fromTo = rangeInvalid(filter);
  return (
    <Grid gutter="sm" align="flex-end" data-testid="tx-filters">
      <Grid.Col span={{ base: 12, xl: 4 }}>
        <SearchForm
          draft={shown}
          onDraftChange={(text) => setDraft({ q: filter.q ?? '', text })}
          onApply={(q) => {
            setDraft({ q, text: q });
            onChange({ q: q || null });
          }}
          label={TX_TEXT.searchLabel}
          placeholder={TX_TEXT.searchPlaceholder}
          clearLabel={TX_TEXT.searchClear}
          buttonLabel={TX_TEXT.searchButton}
          testId="tx-search"
          buttonTestId="tx-search-submit"
          grouped
          inputStyle={{ flex: 1, minWidth: 0 }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, xl: 2 }}>
        <Select
          label={TX_TEXT.filterStatus}
          size="sm"
          data={STATUS_OPTIONS}
          value={filter.status ?? ALL}
          onChange={(value) => onChange({ status: value === ALL ? null : value })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="tx-filter-status"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, xl: 2 }}>
        <Select
          label={TX_TEXT.filterMethod}
          size="sm"
          data={METHOD_OPTIONS}
          value={filter.method ?? ALL}
          onChange={(value) => onChange({ method: value === ALL ? null : value })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="tx-filter-method"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, xl: 2 }}>
        <TextInput
          type="date"
          size="sm"
          label={`${TX_TEXT.filterFrom} (WIB)`}
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(event) => onChange({ from: event.currentTarget.value || null })}
          data-testid="tx-filter-from"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, xl: 2 }}>
        <TextInput
          type="date"
          size="sm"
          label={`${TX_TEXT.filterTo} (WIB)`}
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(event) => onChange({ to: event.currentTarget.value || null })}
          error={fromTo ? TX_TEXT.filterRangeInvalid : undefined}
          data-testid="tx-filter-to"
        />
      </Grid.Col>
      {hasFilters(filter) ? (
        <Grid.Col span={12}>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => {
              setDraft({ q: '', text: '' });
              onReset();
            }}
            data-testid="tx-filter-reset"
          >
            {TX_TEXT.resetFilters}
          </Button>
        </Grid.Col>
      ) : null}
    </Grid>
  );
}
