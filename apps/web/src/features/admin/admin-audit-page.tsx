import { Badge, Button, CloseButton, Group, Paper, Select, Stack } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { interpolate, type AuditEntry } from '@sapa/contracts';
import { EmptyState, LoadFailed, LoadMore, NotFoundState } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { useAuditPages, type AuditFilter } from '../../resources/admin/admin-audit';
import { useOperators } from '../../resources/admin/admin-settings';
import { targetTypeLabel } from './audit-format';
import { AuditList, AuditSkeleton } from './audit-list';
import { AUDIT_TARGET_TYPES, AUDIT_TEXT as T } from './audit-strings';

const ALL = 'all';
const NAMES = ['adminId', 'targetType', 'targetId'] as const;

/** The filters in the address: ?adminId=…&targetType=…&targetId=…, each at most as long as the server takes. */
function filterOf(params: URLSearchParams): AuditFilter {
  return {
    adminId: (params.get('adminId') ?? '').slice(0, 100),
    targetType: (params.get('targetType') ?? '').slice(0, 40),
    targetId: (params.get('targetId') ?? '').slice(0, 100),
  };
}

/** `params` with each of `change` set, or removed when empty. */
function withParams(params: URLSearchParams, change: Partial<Record<keyof AuditFilter, string | null>>) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/**
 * /admin/audit (issue 23): every operator write, newest first, by operator and target type (kept in
 * the address, with a target id when a link narrows it to one user or transaction); each entry opens
 * to its before/after, field by field. 'Lebih Banyak' pages.
 */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const list = useAuditPages(filter);
  const operators = useOperators();

  const set = (change: Partial<Record<keyof AuditFilter, string | null>>) =>
    setParams((prev) => withParams(prev, change));
  const clearFilters = () => set(Object.fromEntries(NAMES.map((n) => [n, null])));
  const filterTarget = (entry: AuditEntry) => set({ targetType: entry.targetType, targetId: entry.targetId });

  const operatorOptions = [
    { value: ALL, label: T.operatorAll },
    ...(operators.data?.docs ?? []).map((o) => ({
      value: o._id,
      label: o.disabledAt ? interpolate(T.operatorDisabled, { name: o.name }) : o.name,
    })),
  ];
  // a type the link names but the list does not offer still shows as chosen
  const types: string[] = [...AUDIT_TARGET_TYPES];
  if (filter.targetType && !types.includes(filter.targetType)) types.push(filter.targetType);

  const items = list.data?.pages.flatMap((p) => p.docs);
  const filtered = NAMES.some((n) => !!filter[n]);

  let body;
  if (!items && list.isError) {
    body = <LoadFailed text={T.listFailed} onRetry={() => void list.refetch()} testId="audit-failed" />;
  } else if (!items) {
    body = <AuditSkeleton />;
  } else if (!items.length) {
    body = filtered ? (
      <Stack gap={0} pb="lg" align="center">
        <NotFoundState title={T.notFound} hint={T.notFoundHint} testId="audit-not-found" />
        <Button variant="default" onClick={clearFilters} data-testid="audit-clear-filters">
          {T.clearFilters}
        </Button>
      </Stack>
    ) : (
      <EmptyState icon={IconHistory} title={T.empty} hint={T.emptyHint} testId="audit-empty" />
    );
  } else {
    body = (
      <>
        <AuditList items={items} onFilterTarget={filterTarget} />
        {list.hasNextPage ? (
          <LoadMore
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            testId="audit-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md" data-testid="admin-audit-page">
      <PageHeader title={T.heading} description={T.description} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={T.operatorLabel}
          data={operatorOptions}
          value={filter.adminId || ALL}
          onChange={(value) => set({ adminId: value === ALL ? null : value })}
          allowDeselect={false}
          searchable
          nothingFoundMessage={T.operatorNotFound}
          size="md"
          w={{ base: '100%', xs: 240 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="audit-operator-filter"
        />
        <Select
          label={T.targetTypeLabel}
          data={[
            { value: ALL, label: T.targetTypeAll },
            ...types.map((type) => ({ value: type, label: targetTypeLabel(type) })),
          ]}
          value={filter.targetType || ALL}
          // another type of data: the one target no longer applies
          onChange={(value) => set({ targetType: value === ALL ? null : value, targetId: null })}
          allowDeselect={false}
          size="md"
          w={{ base: '100%', xs: 200 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="audit-type-filter"
        />
        {filter.targetId ? (
          <Badge
            size="xl"
            variant="light"
            color="gray"
            radius="sm"
            tt="none"
            fw={500}
            mb={6}
            pr={4}
            rightSection={
              <CloseButton
                size="sm"
                aria-label={interpolate(T.targetClear, { id: filter.targetId })}
                onClick={() => set({ targetId: null })}
              />
            }
            data-testid="audit-target-filter"
          >
            {interpolate(T.targetLabel, { id: filter.targetId })}
          </Badge>
        ) : null}
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={list.isFetching}>
        {body}
      </Paper>
    </Stack>
  );
}
