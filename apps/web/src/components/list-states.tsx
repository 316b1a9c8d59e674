import type { ComponentType, ReactNode } from 'react';
import { Box, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';

/** The words of the list states, the same on every list. */
const TEXT = {
  notFoundBody: 'Coba kata kunci lain atau hapus pencarian.',
  retry: 'Coba Lagi',
  loadMore: 'Lebih Banyak',
} as const;

/** 'Belum ada …': an icon, what is missing, a hint and the action that fills it. */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  hint: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid={testId}>
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <Icon size={28} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      <Text c="dimmed" size="sm" maw={420}>
        {hint}
      </Text>
      {action ? <Box mt="xs">{action}</Box> : null}
    </Stack>
  );
}

/** '… tidak ditemukan' after a search (or filters) that matched nothing. */
export function NotFoundState({
  title,
  testId,
  hint = TEXT.notFoundBody,
}: {
  title: string;
  testId: string;
  hint?: string;
}) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid={testId}>
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        <IconSearchOff size={24} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" maw={360}>
        {hint}
      </Text>
    </Stack>
  );
}

/** A list that failed to load, with 'Coba Lagi'. */
export function LoadFailed({ text, onRetry, testId }: { text: string; onRetry: () => void; testId: string }) {
  return (
    <Stack align="center" gap="xs" py={40} px="md" ta="center" data-testid={testId}>
      <Text c="dimmed" size="sm">
        {text}
      </Text>
      <Button variant="default" size="xs" onClick={onRetry}>
        {TEXT.retry}
      </Button>
    </Stack>
  );
}

/** 'Lebih Banyak' under a list. */
export function LoadMore({
  onClick,
  loading,
  testId,
}: {
  onClick: () => void;
  loading: boolean;
  testId: string;
}) {
  return (
    <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Button variant="light" fullWidth onClick={onClick} loading={loading} data-testid={testId}>
        {TEXT.loadMore}
      </Button>
    </Box>
  );
}
