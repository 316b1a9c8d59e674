import type { ComponentType, ReactNode } from 'react';
import { Box, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { CONTACT_TEXT } from './contact-strings';

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

/** '… tidak ditemukan' after a search that matched nothing. */
export function NotFoundState({ title, testId }: { title: string; testId: string }) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid={testId}>
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        <IconSearchOff size={24} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" maw={360}>
        {CONTACT_TEXT.notFoundBody}
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
        {CONTACT_TEXT.retry}
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
    <Box p="sm" className="sapa-contact-more">
      <Button variant="light" fullWidth onClick={onClick} loading={loading} data-testid={testId}>
        {CONTACT_TEXT.loadMore}
      </Button>
    </Box>
  );
}
