import { Accordion, Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFilter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { interpolate, type AuditEntry } from '@sapa/contracts';
import { AuditDiff } from './audit-diff';
import { actionLabel, formatAuditTime, targetTypeLabel } from './audit-format';
import { AUDIT_TEXT as T } from './audit-strings';

/** Five grey entries while the first page loads. */
export function AuditSkeleton() {
  return (
    <Stack gap={0} aria-busy="true" aria-label={T.listLoading} data-testid="audit-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <Group key={i} justify="space-between" px="md" py={16} wrap="nowrap">
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={12} w={`${40 - (i % 3) * 6}%`} radius="sm" />
            <Skeleton h={10} w={`${60 - (i % 2) * 12}%`} radius="sm" />
          </Stack>
          <Skeleton h={12} w={110} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

/** The screens that open one target from the address (?id=…): its drawer. */
const TARGET_PAGES: Record<string, { path: string; label: string }> = {
  user: { path: '/admin/user', label: T.openUser },
  transaction: { path: '/admin/transaction', label: T.openTransaction },
};

const target = (entry: AuditEntry) =>
  entry.targetId
    ? `${targetTypeLabel(entry.targetType)} · ${entry.targetId}`
    : targetTypeLabel(entry.targetType);

/**
 * The entries, newest first; each opens (a button, keyboard too) to what it changed. The panel links
 * to the owner of a user entry and narrows the log to the entry's target.
 */
export function AuditList({
  items,
  onFilterTarget,
}: {
  items: readonly AuditEntry[];
  onFilterTarget: (entry: AuditEntry) => void;
}) {
  return (
    <Accordion multiple chevronPosition="right" variant="default" data-testid="audit-list">
      {items.map((entry) => {
        const label = actionLabel(entry.action);
        return (
          <Accordion.Item key={entry._id} value={entry._id} data-testid="audit-entry" data-id={entry._id}>
            <Accordion.Control>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
                  <Text fw={600} size="sm" data-testid="audit-action">
                    {label}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {interpolate(T.by, { name: entry.adminName || T.unknownOperator })} · {target(entry)}
                  </Text>
                </Stack>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="audit-time">
                  {formatAuditTime(entry.createdAt)}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <Group gap="md" wrap="wrap">
                  {label !== entry.action ? (
                    <Text size="xs" c="dimmed">
                      {entry.action}
                    </Text>
                  ) : null}
                  {entry.targetId && TARGET_PAGES[entry.targetType] ? (
                    <Anchor
                      component={Link}
                      to={`${TARGET_PAGES[entry.targetType]!.path}?id=${encodeURIComponent(entry.targetId)}`}
                      size="xs"
                      data-testid="audit-open-target"
                    >
                      <Group gap={4} component="span" wrap="nowrap">
                        <IconExternalLink size={14} aria-hidden />
                        {TARGET_PAGES[entry.targetType]!.label}
                      </Group>
                    </Anchor>
                  ) : null}
                  {entry.targetId ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      onClick={() => onFilterTarget(entry)}
                      data-testid="audit-filter-target"
                    >
                      <Group gap={4} component="span" wrap="nowrap">
                        <IconFilter size={14} aria-hidden />
                        {T.filterTarget}
                      </Group>
                    </Anchor>
                  ) : null}
                </Group>
                <AuditDiff before={entry.before} after={entry.after} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
