import { Skeleton, Stack, Text } from '@mantine/core';
import type { Teammate } from '@sapa/contracts';
import { AppAvatar } from '../../components/app-avatar';

/**
 * The '@' list of a note (issue 21): teammates whose name matches what follows the '@'. Arrow keys
 * move (the text area keeps the focus), Enter, Tab or a click picks.
 */
export function MentionPicker({
  id,
  teammates,
  loading,
  activeIndex,
  onActiveChange,
  onPick,
}: {
  id: string;
  teammates: readonly Teammate[];
  loading: boolean;
  activeIndex: number;
  onActiveChange: (index: number) => void;
  onPick: (teammate: Teammate) => void;
}) {
  return (
    <div
      className="sapa-template-popup"
      id={id}
      role="listbox"
      aria-label="Sebut rekan tim"
      data-testid="mention-picker"
    >
      {loading ? (
        <Stack gap={8} p={6}>
          <Skeleton height={14} width="50%" />
          <Skeleton height={14} width="40%" />
        </Stack>
      ) : teammates.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm" data-testid="mention-empty">
          Rekan tim tidak ditemukan
        </Text>
      ) : (
        teammates.map((teammate, index) => (
          <div
            key={teammate._id}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="sapa-template-option sapa-mention-option"
            data-testid="mention-option"
            onMouseEnter={() => onActiveChange(index)}
            // keep the focus in the text area
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(teammate)}
          >
            <AppAvatar name={teammate.name} size={24} />
            <Text size="sm" fw={500} component="span" truncate>
              {teammate.name}
            </Text>
            <Text size="xs" c="dimmed" component="span">
              {teammate.role === 'owner' ? 'Pemilik' : 'Agen'}
            </Text>
          </div>
        ))
      )}
    </div>
  );
}
