import { isUnder } from '@sapa/contracts';
import type { SectionLayoutProps } from './layouts/section-layout';

/** The section layouts of spec §2 'Layouts': their menus and where the menu is hidden. */
export const SECTIONS = {
  publication: {
    title: 'Publikasi',
    items: [
      { to: '/user/publication/broadcast', label: 'Broadcast' },
      { to: '/user/publication/status', label: 'Status' },
    ],
    // the forms and a broadcast's own page use the whole width
    hideMenuWhen: (pathname: string) =>
      pathname.endsWith('/form') ||
      (isUnder(pathname, '/user/publication/broadcast') && pathname !== '/user/publication/broadcast'),
  },
  contact: {
    title: 'Kontak',
    items: [
      { to: '/user/contact/broadcast', label: 'Broadcast' },
      { to: '/user/contact/chat', label: 'Percakapan' },
    ],
    hideMenuWhen: (pathname: string) =>
      isUnder(pathname, '/user/contact/broadcast') && pathname !== '/user/contact/broadcast',
  },
  integration: {
    title: 'Integrasi',
    items: [
      { to: '/user/integration/whatsapp', label: 'WhatsApp' },
      { to: '/user/integration/instagram', label: 'Instagram' },
      { to: '/user/integration/messenger', label: 'Messenger' },
    ],
  },
  report: {
    title: 'Laporan',
    items: [
      { to: '/user/report/broadcast', label: 'Broadcast' },
      { to: '/user/report/status', label: 'Status' },
    ],
    // one broadcast's report uses the whole width
    hideMenuWhen: (pathname: string) =>
      isUnder(pathname, '/user/report/broadcast') && pathname !== '/user/report/broadcast',
  },
  setting: {
    title: 'Pengaturan',
    items: [
      { to: '/user/setting/profile', label: 'Profil' },
      { to: '/user/setting/password', label: 'Password' },
      { to: '/user/setting/label', label: 'Label' },
      { to: '/user/setting/chat-template', label: 'Template Pesan' },
    ],
  },
} satisfies Record<string, SectionLayoutProps>;
