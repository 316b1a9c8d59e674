import { Box, Group, Skeleton, Stack } from '@mantine/core';

/** The app frame in grey while the profile loads. */
export function ShellSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Memuat profil" data-testid="shell-skeleton">
      <Group h={60} px="md" justify="space-between" className="sapa-skeleton-bar">
        <Skeleton height={28} width={96} radius="sm" />
        <Skeleton height={36} circle />
      </Group>
      <Group align="flex-start" wrap="nowrap" gap={0}>
        <Stack w={240} p="md" gap="sm" visibleFrom="sm">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} height={36} radius="md" />
          ))}
        </Stack>
        <Stack p="md" gap="md" style={{ flex: 1 }}>
          <Skeleton height={28} width="40%" radius="sm" />
          <Skeleton height={16} width="65%" radius="sm" />
          <Skeleton height={200} radius="md" />
        </Stack>
      </Group>
    </Box>
  );
}
