import type { CSSProperties, ReactNode } from 'react';
import { AppShell, Box, Burger, Drawer, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { NavList, type NavEntry } from '../../components/nav-list';
import { ContentOutlet } from '../content-outlet';

export interface AppFrameProps {
  homePath: string;
  navItems: readonly NavEntry[];
  navLabel: string;
  /** Next to the logo, e.g. the 'Agen' badge. */
  brandExtra?: ReactNode;
  /** Right end of the top bar, e.g. the account menu. */
  headerRight: ReactNode;
  /** Above the page content, e.g. the trial banner. */
  banner?: ReactNode;
  guard?: (to: string) => boolean;
  /** The page fills the space under the top bar edge to edge and scrolls inside (the inbox). */
  fill?: boolean;
}

// A full-height page: no page scroll, the page's own panes scroll (inline, so /login's CSS is untouched).
const FILL_MAIN: CSSProperties = { height: '100dvh', display: 'flex', flexDirection: 'column' };
const FILL_CONTENT: CSSProperties = { flex: 1, minHeight: 0, maxWidth: 'none' };

/** Top bar, side menu on desktop and a drawer under the `sm` breakpoint (spec §2 'Layouts'). */
export function AppFrame({
  homePath,
  navItems,
  navLabel,
  brandExtra,
  headerRight,
  banner,
  guard,
  fill = false,
}: AppFrameProps) {
  const [drawerOpened, drawer] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={0}
    >
      <AppShell.Header className="sapa-header">
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Buka menu navigasi"
            />
            <Link to={homePath} className="sapa-logo-link" aria-label="Sapa, ke beranda">
              <BrandLogo size={28} />
            </Link>
            {brandExtra}
          </Group>
          {headerRight}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <NavList items={navItems} label={navLabel} guard={guard} />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size={280}
        hiddenFrom="sm"
        title={<BrandLogo size={26} />}
        closeButtonProps={{ 'aria-label': 'Tutup menu navigasi' }}
      >
        <NavList items={navItems} label={navLabel} guard={guard} onNavigate={drawer.close} />
      </Drawer>

      <AppShell.Main className="sapa-main" style={fill ? FILL_MAIN : undefined}>
        {banner}
        <Box
          p={fill ? 0 : { base: 'sm', sm: 'lg' }}
          className="sapa-content"
          style={fill ? FILL_CONTENT : undefined}
        >
          <ContentOutlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
