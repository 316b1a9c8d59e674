import { Group, Text } from '@mantine/core';

/** The Sapa mark and word mark. */
export function BrandLogo({ size = 28, withText = true }: { size?: number; withText?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-7)" />
        <path
          d="M8 10.5A3.5 3.5 0 0 1 11.5 7h9A3.5 3.5 0 0 1 24 10.5v6a3.5 3.5 0 0 1-3.5 3.5H15l-4.6 3.8c-.6.5-1.4.1-1.4-.7V20a3.5 3.5 0 0 1-1-2.5z"
          fill="#fff"
        />
        <circle cx="12.5" cy="13.5" r="1.4" fill="var(--mantine-color-brand-7)" />
        <circle cx="16" cy="13.5" r="1.4" fill="var(--mantine-color-brand-7)" />
        <circle cx="19.5" cy="13.5" r="1.4" fill="var(--mantine-color-brand-7)" />
      </svg>
      {withText ? (
        <Text component="span" fw={700} fz={size * 0.7} c="brand.8" lh={1}>
          Sapa
        </Text>
      ) : null}
    </Group>
  );
}
