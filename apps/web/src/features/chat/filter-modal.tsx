import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { PagedCheckList } from './pickers/paged-check-list';
import { usePagedOptions } from './pickers/use-paged-options';
import type { ChatFilter } from '../../resources/chat/chat-keys';

type Picked = Pick<ChatFilter, 'accountIds' | 'labelIds' | 'agentIds'>;
const NONE: Picked = { accountIds: [], labelIds: [], agentIds: [] };

export function activeFilterCount(filter: Picked): number {
  return filter.accountIds.length + filter.labelIds.length + filter.agentIds.length;
}

function toggle(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

function Section({
  title,
  source,
  selected,
  onToggle,
  empty,
  opened,
}: {
  title: string;
  source: 'account' | 'label' | 'agent';
  selected: string[];
  onToggle: (id: string) => void;
  empty: string;
  opened: boolean;
}) {
  const query = usePagedOptions(source, opened);
  const options = query.data?.pages.flatMap((p) => p.docs) ?? [];
  return (
    <Stack gap={6}>
      <Group gap={6}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {selected.length ? (
          <Badge size="sm" variant="light" data-testid={`filter-${source}-count`}>
            {selected.length}
          </Badge>
        ) : null}
      </Group>
      <PagedCheckList
        label={title}
        options={options}
        loading={query.isPending && query.fetchStatus !== 'idle'}
        hasMore={!!query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
        selected={selected}
        onToggle={onToggle}
        empty={empty}
        testId={`filter-${source}`}
      />
    </Stack>
  );
}

export interface FilterModalProps {
  opened: boolean;
  value: Picked;
  onClose: () => void;
  onApply: (picked: Picked) => void;
}

/**
 * spec §2 'Filter Percakapan': Akun, Label and Agen, each paged 20 with 'Lebih Banyak'; a reset icon,
 * the count of what is selected, and 'Filter' to apply. The choice combines with search and the tabs.
 */
export function FilterModal({ opened, value, onClose, onApply }: FilterModalProps) {
  const [picked, setPicked] = useState<Picked>(value);
  useEffect(() => {
    if (opened) setPicked(value);
  }, [opened, value]);
  const count = activeFilterCount(picked);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={
        <Group gap="xs">
          <span>Filter Percakapan</span>
          {count ? (
            <Badge variant="filled" size="sm" data-testid="filter-selected-count">
              {count} dipilih
            </Badge>
          ) : null}
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap="lg" data-testid="filter-modal">
        <Section
          title="Akun"
          source="account"
          opened={opened}
          selected={picked.accountIds}
          onToggle={(id) => setPicked((p) => ({ ...p, accountIds: toggle(p.accountIds, id) }))}
          empty="Tidak ada Akun"
        />
        <Section
          title="Label"
          source="label"
          opened={opened}
          selected={picked.labelIds}
          onToggle={(id) => setPicked((p) => ({ ...p, labelIds: toggle(p.labelIds, id) }))}
          empty="Tidak ada Label"
        />
        <Section
          title="Agen"
          source="agent"
          opened={opened}
          selected={picked.agentIds}
          onToggle={(id) => setPicked((p) => ({ ...p, agentIds: toggle(p.agentIds, id) }))}
          empty="Tidak ada Agen"
        />
        <Group justify="space-between">
          <Tooltip label="Atur ulang filter" withArrow>
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Atur ulang filter"
              onClick={() => setPicked(NONE)}
              disabled={!count}
              data-testid="filter-reset"
            >
              <IconRefresh size={18} stroke={1.8} />
            </ActionIcon>
          </Tooltip>
          <Button
            onClick={() => {
              onApply(picked);
              onClose();
            }}
            data-testid="filter-apply"
          >
            Filter
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
