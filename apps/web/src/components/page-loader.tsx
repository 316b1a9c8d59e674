import { Skeleton, Stack } from '@mantine/core';

/** Placeholder while a screen's code or data loads. */
export function PageLoader() {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Memuat">
      <Skeleton height={28} width="40%" radius="sm" />
      <Skeleton height={16} width="70%" radius="sm" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}
