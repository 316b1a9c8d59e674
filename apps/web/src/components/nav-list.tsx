import type { ComponentType, MouseEvent } from 'react';
import { Divider, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isUnder } from '@sapa/contracts';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

export type NavEntry = NavItem | 'divider';

/** A vertical menu of links; the item whose path contains the current one is highlighted. */
export function NavList({
  items,
  label,
  onNavigate,
  guard,
}: {
  items: readonly NavEntry[];
  label: string;
  onNavigate?: () => void;
  /** Whether the route guard allows `to`; a refused click does not navigate. */
  guard?: (to: string) => boolean;
}) {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label={label} gap={4}>
      {items.map((item, index) => {
        if (item === 'divider') return <Divider key={`divider-${index}`} my="xs" />;
        const active = isUnder(pathname, item.to);
        const Icon = item.icon;
        return (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            leftSection={<Icon size={20} stroke={1.7} />}
            variant="light"
            className="sapa-nav-link"
            onClick={(event: MouseEvent) => {
              if (guard && !guard(item.to)) event.preventDefault();
              else onNavigate?.();
            }}
          />
        );
      })}
    </Stack>
  );
}
