import type { ChannelLinkKind } from '@sapa/contracts';
import type { MetaChannel } from '../../../resources/integration/integration-queries';

/** The words of one tab (Instagram or Messenger) and of its callback page. */
export interface ChannelText {
  heading: string;
  description: string;
  emptyTitle: string;
  emptyHint: string;
  /** what happens after 'Hubungkan', in order */
  steps: readonly string[];
  deleteTitle: string;
  deleteBody: string;
}

export const CHANNEL_TEXT: Record<MetaChannel, ChannelText> = {
  instagram: {
    heading: 'Akun Instagram',
    description:
      'Hubungkan akun Instagram profesional (Bisnis atau Kreator) agar pesan langsung (DM) pelanggan masuk ke kotak masuk Sapa dan bisa dibalas tim Anda.',
    emptyTitle: 'Belum ada akun Instagram yang terhubung',
    emptyHint:
      'Setelah dihubungkan, DM dari pelanggan masuk ke kotak masuk Sapa dalam hitungan detik, lengkap dengan nama dan foto pengirim. Akun Instagram harus berjenis profesional dan tertaut ke Halaman Facebook yang Anda kelola.',
    steps: [
      'Klik Hubungkan, lalu masuk dengan akun Facebook Anda',
      'Pilih Halaman Facebook dan akun Instagram yang tertaut, lalu izinkan semua akses yang diminta',
      'Anda kembali ke Sapa dan akun muncul di halaman ini',
    ],
    deleteTitle: 'Hapus Akun Instagram',
    deleteBody:
      'Akun ini diputus dari Sapa dan dihapus: DM baru tidak akan masuk lagi. Percakapan yang ada tetap bisa dibaca.',
  },
  messenger: {
    heading: 'Halaman Facebook (Messenger)',
    description:
      'Hubungkan Halaman Facebook Anda agar pesan Messenger dari pelanggan masuk ke kotak masuk Sapa dan bisa dibalas tim Anda.',
    emptyTitle: 'Belum ada Halaman Facebook yang terhubung',
    emptyHint:
      'Setelah dihubungkan, pesan Messenger ke Halaman Anda masuk ke kotak masuk Sapa dalam hitungan detik, lengkap dengan nama dan foto pengirim. Anda harus menjadi admin Halaman tersebut.',
    steps: [
      'Klik Hubungkan, lalu masuk dengan akun Facebook Anda',
      'Pilih Halaman yang ingin dihubungkan, lalu izinkan semua akses yang diminta',
      'Anda kembali ke Sapa dan Halaman muncul di halaman ini',
    ],
    deleteTitle: 'Hapus Halaman Facebook',
    deleteBody:
      'Halaman ini diputus dari Sapa dan dihapus: pesan Messenger baru tidak akan masuk lagi. Percakapan yang ada tetap bisa dibaca.',
  },
};

/** The callback page of each kind: its title and the way back to its tab. */
export const CALLBACK_TEXT: Record<ChannelLinkKind, { title: string; back: string; backTo: string }> = {
  instagram: {
    title: 'Menghubungkan Instagram',
    back: 'Kembali ke Instagram',
    backTo: '/user/integration/instagram',
  },
  messenger: {
    title: 'Menghubungkan Messenger',
    back: 'Kembali ke Messenger',
    backTo: '/user/integration/messenger',
  },
  'whatsapp-cloud': {
    title: 'Menghubungkan WhatsApp Cloud API',
    back: 'Kembali ke WhatsApp',
    backTo: '/user/integration/whatsapp',
  },
};

/** Words shared by both tabs, the cards and the callback page. */
export const META_TEXT = {
  stepsTitle: 'Cara menghubungkan',
  loadFailed: 'Daftar akun gagal dimuat',
  retryLoad: 'Muat ulang',
  notConfiguredTitle: 'Integrasi Meta belum aktif',
  sandbox: 'Sandbox',
  sandboxHint: 'Akun latihan: pesan dikirim dari Simulator Pelanggan, bukan dari Meta.',
  humanAgent: 'Human Agent 7 hari',
  humanAgentHint:
    'Tim Anda dapat membalas hingga 7 hari setelah pesan terakhir pelanggan (tag Human Agent dari Meta).',
  menu: (name: string) => `Menu akun ${name}`,
  remove: 'Hapus',
  cancel: 'Batal',
  // callback page
  connecting: 'Menghubungkan akun…',
  connectingHint: 'Sapa sedang memeriksa izin dan akun yang Anda pilih di Facebook.',
  connectedTitle: 'Akun berhasil dihubungkan',
  connectedCount: (n: number) => `${n.toLocaleString('id-ID')} akun terhubung dan siap menerima pesan.`,
  nothingConnected: 'Tidak ada akun yang dihubungkan',
  nothingConnectedHint: 'Tidak ada Halaman atau akun yang dipilih di Facebook. Ulangi dari tombol Hubungkan.',
  relinked: 'dihubungkan ulang',
  skippedTitle: 'Tidak dihubungkan',
  failedTitle: 'Penautan gagal',
} as const;
