import type { FormEvent, ReactNode } from 'react';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  type NumberInputProps,
} from '@mantine/core';
import { FormAlert } from '../../components/form-alert';
import { LoadFailed } from '../../components/list-states';
import { toNumberValue, type NumberValue } from './setting-form';
import { SETTING_TEXT } from './setting-strings';

export interface SettingSectionProps {
  title: string;
  description: string;
  /** a section that is a form: its submit and the save button's state */
  onSubmit?: () => void;
  pending?: boolean;
  formError?: string | null;
  /** beside the title (an add button) */
  actions?: ReactNode;
  maw?: number;
  testId: string;
  children: ReactNode;
}

/**
 * One settings section: its heading, the server's refusal above the fields, the fields, then its own
 * 'Simpan' on the right (each section saves on its own).
 */
export function SettingSection({
  title,
  description,
  onSubmit,
  pending = false,
  formError = null,
  actions,
  maw = 760,
  testId,
  children,
}: SettingSectionProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit?.();
  };
  const content = (
    <Stack gap="lg">
      <FormAlert message={formError} />
      {children}
      {onSubmit ? (
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid={`${testId}-save`}>
            {SETTING_TEXT.save}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={maw} data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="lg">
        <Stack gap={4} style={{ flex: '1 1 240px' }}>
          <Title order={3} fz="h4">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
        {actions}
      </Group>
      {onSubmit ? (
        <form onSubmit={submit} noValidate>
          {content}
        </form>
      ) : (
        content
      )}
    </Paper>
  );
}

/** A group of fields inside a section: its heading and a line under it. */
export function SettingGroup({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={4} fz="md">
          {title}
        </Title>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** A section whose settings are loading (grey blocks), or failed to load (with 'Coba Lagi'). */
export function SettingPending({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
      {failed ? (
        <LoadFailed text={SETTING_TEXT.loadFailed} onRetry={onRetry} testId="setting-failed" />
      ) : (
        <Stack gap="md" aria-busy="true" aria-label={SETTING_TEXT.loading} data-testid="setting-loading">
          <Skeleton h={24} w="40%" />
          <Skeleton h={14} w="70%" />
          <Skeleton h={40} />
          <Skeleton h={40} />
          <Skeleton h={40} w="60%" />
        </Stack>
      )}
    </Paper>
  );
}

type WholeNumberProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: NumberValue;
  onChange: (value: NumberValue) => void;
};

/** A whole number (a count, a percent): no decimals, no sign. */
export function WholeNumberInput({ value, onChange, ...props }: WholeNumberProps) {
  return (
    <NumberInput
      size="md"
      allowDecimal={false}
      allowNegative={false}
      decimalSeparator=","
      value={value}
      onChange={(next) => onChange(toNumberValue(next))}
      {...props}
    />
  );
}

/** Whole rupiah as people write them: 'Rp 1.250.000' (thousands with '.', no decimals). */
export function MoneyInput(props: WholeNumberProps) {
  return (
    <WholeNumberInput
      thousandSeparator="."
      leftSection={
        <Text size="sm" c="dimmed" aria-hidden>
          Rp
        </Text>
      }
      {...props}
    />
  );
}
