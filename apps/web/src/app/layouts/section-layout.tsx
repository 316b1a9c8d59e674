import { useId, type MouseEvent } from 'react';
import { Badge, Box, Group, NavLink, ScrollArea, Stack, Tabs } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { isUnder } from '@sapa/contracts';
import { PageHeader } from '../../components/page-header';
import { useConfig } from '../../lib/use-config';
import { ContentOutlet } from '../content-outlet';
import { useGuardedLink } from '../use-guarded-link';

export interface SectionItem {
  to: string;
  label: string;
}

export interface SectionLayoutProps {
  title: string;
  items: readonly SectionItem[];
  /** Pages that use the whole width, e.g. forms and detail pages (spec §2). */
  hideMenuWhen?: (pathname: string) => boolean;
}

/** A section with its own menu: a side menu on desktop, tabs under the `sm` breakpoint. */
export function SectionLayout({ title, items, hideMenuWhen }: SectionLayoutProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const guard = useGuardedLink();
  const { data: config } = useConfig();
  const tabsId = useId();
  const active = items.find((item) => isUnder(pathname, item.to))?.to ?? null;
  const hidden = hideMenuWhen?.(pathname) ?? false;
  const isBeta = (to: string) => (config?.betaPaths ?? []).some((p) => isUnder(to, p));
  const betaBadge = (to: string) =>
    isBeta(to) ? (
      <Badge size="xs" variant="light" color="gray">
        Beta
      </Badge>
    ) : null;

  if (hidden) return <ContentOutlet />;

  return (
    <>
      <PageHeader title={title} />
      <Box hiddenFrom="sm" mb="md">
        <ScrollArea type="never">
          <Tabs
            id={tabsId}
            value={active}
            onChange={(value) => {
              if (value && guard(value)) void navigate(value);
            }}
          >
            <Tabs.List aria-label={`Menu ${title}`} style={{ flexWrap: 'nowrap' }}>
              {items.map((item) => (
                <Tabs.Tab key={item.to} value={item.to} rightSection={betaBadge(item.to)}>
                  {item.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        </ScrollArea>
      </Box>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Stack
          component="nav"
          aria-label={`Menu ${title}`}
          gap={4}
          w={200}
          visibleFrom="sm"
          className="sapa-section-nav"
        >
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={item.to === active}
              aria-current={item.to === active ? 'page' : undefined}
              rightSection={betaBadge(item.to)}
              variant="light"
              onClick={(event: MouseEvent) => {
                if (!guard(item.to)) event.preventDefault();
              }}
            />
          ))}
        </Stack>
        {/* what the selected phone tab controls (its aria-controls must name an element that exists) */}
        <Box className="sapa-section-content" id={active ? `${tabsId}-panel-${active}` : undefined}>
          <ContentOutlet />
        </Box>
      </Group>
    </>
  );
}
