import { WHATSAPP_MESSAGES, type AccountStatus } from '@sapa/contracts';

/** The integration page's own words (the server's and the statuses' come from WHATSAPP_MESSAGES). */
export const WA_TEXT = {
  heading: 'Nomor WhatsApp',
  description:
    'Tautkan nomor WhatsApp Anda seperti WhatsApp Web, atau hubungkan nomor WhatsApp Business lewat Cloud API resmi, agar pesan pelanggan masuk ke kotak masuk Sapa.',
  add: 'Tambah Nomor',
  emptyTitle: 'Belum ada nomor WhatsApp',
  emptyHint:
    'Tambahkan nomor WhatsApp bisnis Anda, lalu tautkan dengan memindai kode QR dari ponsel, atau hubungkan nomor WhatsApp Business lewat Cloud API resmi.',
  loadFailed: 'Daftar nomor gagal dimuat',
  retryLoad: 'Muat ulang',
  sandbox: 'Sandbox',
  lastSeen: 'Terakhir aktif',
  noNumber: 'Nomor belum tertaut',
  menu: (name: string) => `Menu nomor ${name}`,
  rename: 'Ubah nama',
  test: 'Kirim pesan tes',
  groups: 'Grup WhatsApp',
  contacts: 'Kontak WhatsApp',
  resetToken: 'Reset token API',
  relink: 'Tautkan ulang',
  remove: 'Hapus',
  // add / link
  addTitle: 'Tambah Nomor WhatsApp',
  relinkTitle: 'Tautkan Ulang Nomor',
  nameLabel: 'Nama akun',
  namePlaceholder: 'Contoh: CS Toko Utama',
  methodQr: 'Kode QR',
  methodCode: 'Kode Pairing',
  phoneLabel: 'Nomor Telepon',
  phonePlaceholder: 'Contoh: 081234567890',
  phoneHint: 'Nomor WhatsApp yang akan ditautkan, untuk meminta kode pairing.',
  continue: 'Lanjutkan',
  cancel: 'Batal',
  close: 'Tutup',
  done: 'Selesai',
  connecting: 'Menghubungkan ke WhatsApp…',
  qrSteps: [
    'Buka WhatsApp di ponsel Anda',
    'Ketuk Menu atau Setelan, lalu pilih Perangkat tertaut',
    'Ketuk Tautkan perangkat, lalu arahkan ponsel ke kode QR ini',
  ],
  codeSteps: [
    'Buka WhatsApp di ponsel Anda',
    'Ketuk Menu atau Setelan, lalu pilih Perangkat tertaut',
    'Ketuk Tautkan perangkat, lalu Tautkan dengan nomor telepon',
    'Masukkan kode di atas pada ponsel Anda',
  ],
  qrCountdown: (seconds: number) => `Kode berganti dalam ${seconds} detik`,
  qrRefreshing: 'Menunggu kode baru…',
  qrLabel: 'Kode QR untuk menautkan WhatsApp',
  linkFailed: 'Nomor belum bisa ditautkan',
  retry: 'Coba lagi',
  linked: 'Nomor berhasil ditautkan',
  // rename / pacing
  renameTitle: 'Ubah Akun WhatsApp',
  pacingTitle: 'Kecepatan kirim',
  pacingHint: 'Jeda dan batas ini menjaga nomor Anda aman dari pemblokiran WhatsApp.',
  minGapLabel: 'Jeda minimum antar pesan (detik)',
  hourlyCapLabel: 'Maksimal pesan per jam',
  // test message
  testTitle: 'Kirim Pesan Tes',
  testTextLabel: 'Pesan',
  testTextDefault: 'Halo, ini pesan tes dari Sapa.',
  send: 'Kirim',
  // groups & contacts
  groupsEmpty: 'Nomor ini belum tergabung di grup WhatsApp mana pun.',
  participants: (n: number) => `${n.toLocaleString('id-ID')} anggota`,
  contactsEmpty: 'Belum ada kontak WhatsApp.',
  contactsNotFound: 'Kontak tidak ditemukan',
  contactSearch: 'Cari nama atau nomor',
  loadMore: 'Lebih Banyak',
  listFailed: 'Gagal memuat data',
  // token
  tokenTitle: 'Reset Token API',
  tokenBody:
    'Token API lama akan langsung berhenti berfungsi. Aplikasi yang memakainya harus diperbarui dengan token baru.',
  tokenConfirm: 'Buat token baru',
  copy: 'Salin',
  copied: 'Tersalin',
  // delete
  deleteTitle: 'Hapus Nomor WhatsApp',
  deleteBody: 'Nomor ini akan dikeluarkan dari WhatsApp dan dihapus. Percakapan yang ada tetap bisa dibaca.',
  deleteSandboxBody: 'Akun sandbox ini akan dihapus. Percakapan yang ada tetap bisa dibaca.',
  deleteCloudBody:
    'Nomor ini diputus dari Sapa dan dihapus; nomornya tetap terdaftar di akun WhatsApp Business Anda. Percakapan yang ada tetap bisa dibaca.',
  // WhatsApp Cloud API (issue 25)
  wayLabel: 'Jenis koneksi',
  wayWeb: 'WhatsApp Web',
  wayWebHint: 'Tautkan nomor dengan kode QR atau kode pairing dari ponsel, seperti WhatsApp Web.',
  wayCloud: 'WhatsApp Cloud API (resmi)',
  wayCloudHint:
    'API resmi Meta untuk nomor WhatsApp Business: percakapan baru di luar 24 jam memakai template pesan yang disetujui.',
  cloudBadge: 'Cloud API',
  cloudRelinkTitle: 'Hubungkan Ulang Nomor Cloud API',
  cloudEmbedded: 'Daftar dengan Facebook (Embedded Signup)',
  cloudEmbeddedHint: 'Pilih atau daftarkan nomor WhatsApp Business langsung di jendela Facebook.',
  cloudManual: 'atau isi data dari Meta',
  cloudPhoneNumberId: 'Phone Number ID',
  cloudWabaId: 'WhatsApp Business Account ID',
  cloudToken: 'Token akses',
  cloudTokenHint:
    'Token permanen dari Pengguna Sistem, dengan izin whatsapp_business_messaging dan whatsapp_business_management.',
  cloudRelinkWabaHint: 'Sama seperti saat nomor ini pertama kali dihubungkan.',
  cloudHelpTitle: 'Di mana menemukannya?',
  cloudHelp: [
    'Phone Number ID dan WhatsApp Business Account ID: Meta Business Suite > WhatsApp Manager > Nomor telepon, atau developers.facebook.com > aplikasi Anda > WhatsApp > Penyiapan API.',
    'Token akses: Meta Business Suite > Pengaturan bisnis > Pengguna > Pengguna sistem > Buat token, pilih aplikasi Anda dan kedua izin WhatsApp di atas.',
    'Token disimpan terenkripsi dan tidak pernah ditampilkan lagi.',
  ],
} as const;

export const STATUS_COLORS: Record<AccountStatus, string> = {
  connected: 'green',
  connecting: 'blue',
  waiting_scan: 'yellow',
  disconnected: 'orange',
  replaced: 'orange',
  logged_out: 'red',
};

export function statusLabel(status: string): string {
  const key = `status.${status}` as keyof typeof WHATSAPP_MESSAGES;
  return WHATSAPP_MESSAGES[key] ?? status;
}

export function statusColor(status: string): string {
  return STATUS_COLORS[status as AccountStatus] ?? 'gray';
}

/** Statuses from which the owner may link the number again. */
export const RELINKABLE = new Set(['disconnected', 'logged_out', 'replaced']);

/** 'ABCD1234' as 'ABCD-1234'. */
export function formatPairingCode(code: string): string {
  const clean = code.replace(/[^0-9a-z]/gi, '').toUpperCase();
  return clean.length === 8 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : code;
}
