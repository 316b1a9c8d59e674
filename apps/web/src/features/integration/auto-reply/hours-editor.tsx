import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { AUTO_REPLY_MESSAGES as M } from '@sapa/contracts';
import type { DayRow, FieldKey } from './auto-reply-form';

const fill = (template: string, day: string) => template.replace('{day}', day);

export interface HoursEditorProps {
  days: DayRow[];
  errors: Record<FieldKey, string>;
  onChange: (day: number, patch: Partial<DayRow>) => void;
  onCopyMonday: () => void;
}

/** The week, Senin first: a tick per open day and its opening and closing times (WIB). */
export function HoursEditor({ days, errors, onChange, onCopyMonday }: HoursEditorProps) {
  const mondayOpen = days.find((d) => d.day === 1)?.enabled ?? false;
  return (
    <Stack gap="sm" data-testid="auto-reply-hours">
      {days.map((d) => (
        <Group
          key={d.day}
          gap="sm"
          align="flex-start"
          wrap="wrap"
          data-testid={`auto-reply-day-${d.day}`}
          data-open={d.enabled}
        >
          <Checkbox
            label={d.name}
            checked={d.enabled}
            onChange={(e) => onChange(d.day, { enabled: e.currentTarget.checked })}
            w={96}
            mt={8}
            aria-label={fill(M.dayOpenLabel, d.name)}
            data-testid={`auto-reply-day-${d.day}-toggle`}
          />
          {d.enabled ? (
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                type="time"
                aria-label={fill(M.openTimeLabel, d.name)}
                value={d.open}
                onChange={(e) => onChange(d.day, { open: e.currentTarget.value })}
                error={errors[`open-${d.day}`]}
                w={140}
                data-testid={`auto-reply-open-${d.day}`}
              />
              <Text mt={8} aria-hidden>
                –
              </Text>
              <TextInput
                type="time"
                aria-label={fill(M.closeTimeLabel, d.name)}
                value={d.close}
                onChange={(e) => onChange(d.day, { close: e.currentTarget.value })}
                error={errors[`close-${d.day}`]}
                w={140}
                data-testid={`auto-reply-close-${d.day}`}
              />
            </Group>
          ) : (
            <Text c="dimmed" size="sm" mt={8}>
              {M.closedDay}
            </Text>
          )}
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCopy size={14} />}
          onClick={onCopyMonday}
          disabled={!mondayOpen}
          title={mondayOpen ? undefined : M.copyMondayNeedsMonday}
          data-testid="auto-reply-copy-monday"
        >
          {M.copyMonday}
        </Button>
      </Group>
      {days.some((d) => d.enabled) ? null : (
        <Text size="sm" c="dimmed" data-testid="auto-reply-no-hours">
          {M.noHours}
        </Text>
      )}
    </Stack>
  );
}
