import type { ComponentType } from 'react';
import { Badge, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { t } from '@sapa/contracts';
import { PageHeader } from './page-header';

export interface ComingSoonProps {
  title: string;
  /** One sentence on what will be here. */
  description: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Hide the page title when a section layout already shows one. */
  withHeader?: boolean;
}

/** A friendly empty state for screens that later issues fill in. */
export function ComingSoon({ title, description, icon: Icon, withHeader = true }: ComingSoonProps) {
  return (
    <>
      {withHeader ? <PageHeader title={title} /> : null}
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="coming-soon">
        <Stack align="center" gap="sm" py="xl" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <Icon size={28} stroke={1.6} />
          </ThemeIcon>
          <Badge variant="light" color="gray">
            {t('common.comingSoon')}
          </Badge>
          {withHeader ? null : (
            <Text fw={600} size="lg">
              {title}
            </Text>
          )}
          <Text c="dimmed" maw={420}>
            {description}
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
