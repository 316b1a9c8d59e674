import type { WebhookDeliveryStatus } from '@sapa/contracts';

/**
 * The webhook panel's own words (issue 26). What the server answers (saved, rotated, the URL's
 * refusals, why the dispatcher turned it off) is shown as it comes, from WEBHOOK_MESSAGES.
 */
export const WEBHOOK_TEXT = {
  menuItem: 'Webhook',
  drawerTitle: 'Webhook {name}',
  intro:
    'Sapa mengirim event nomor ini (pesan masuk, status pesan, dan perubahan koneksi) sebagai POST JSON ke alamat Anda, ditandatangani dengan rahasia webhook.',
  close: 'Tutup',
  loadFailed: 'Pengaturan webhook gagal dimuat',
  // settings
  settingsHeading: 'Pengaturan',
  urlLabel: 'URL webhook',
  urlPlaceholder: 'https://contoh.com/webhook/sapa',
  urlHint: 'Alamat http:// atau https:// yang dapat dijangkau dari internet.',
  enabledLabel: 'Aktif',
  enabledHint: 'Saat nonaktif, event tidak dicatat maupun dikirim.',
  notSetHint: 'Webhook belum diatur. Isi URL lalu simpan untuk mulai menerima event.',
  save: 'Simpan',
  disabledTitle: 'Webhook dinonaktifkan',
  test: 'Kirim event uji',
  testNeedsEnabled: 'Aktifkan webhook untuk mengirim event uji.',
  rotate: 'Ganti rahasia',
  remove: 'Hapus webhook',
  // secret (shown once)
  secretTitle: 'Simpan rahasia webhook',
  secretWarning:
    'Rahasia ini hanya ditampilkan sekali. Salin dan simpan sekarang di server Anda; setelah jendela ini ditutup, rahasia tidak dapat dilihat lagi.',
  secretExplain:
    'Setiap pengiriman membawa header Sapa-Signature berisi t=<waktu unix> dan v1=<HMAC-SHA256 dari "t.isi">. Gunakan rahasia ini untuk memeriksa bahwa event benar dari Sapa.',
  copy: 'Salin',
  copied: 'Tersalin',
  secretDone: 'Sudah saya simpan',
  // confirmations
  rotateTitle: 'Ganti rahasia webhook?',
  rotateBody:
    'Rahasia baru langsung dipakai untuk menandatangani event, dan rahasia lama tidak berlaku lagi. Perbarui server Anda dengan rahasia baru.',
  rotateConfirm: 'Ganti rahasia',
  cancel: 'Batal',
  removeTitle: 'Hapus webhook?',
  removeBody:
    'Event nomor ini tidak akan dikirim lagi, dan log pengirimannya ikut dihapus. Anda dapat mengatur webhook baru kapan saja.',
  // verification
  verifyHeading: 'Cara memverifikasi',
  verifyBody:
    'Hitung HMAC-SHA256 dari "<t>.<isi mentah>" dengan rahasia webhook, lalu bandingkan dengan v1 di header Sapa-Signature. Tolak event yang tanda tangannya salah atau lebih tua dari 5 menit. Contoh untuk Node.js 18+:',
  verifyCopy: 'Salin kode',
  docsLink: 'Lihat Dokumentasi API',
  // delivery log
  logHeading: 'Log pengiriman',
  logLabel: 'Log pengiriman webhook',
  logLoading: 'Memuat log pengiriman',
  logFailed: 'Log pengiriman gagal dimuat',
  refresh: 'Muat ulang log',
  autoRefresh: 'Diperbarui otomatis setiap 5 detik',
  filterLabel: 'Saring menurut status',
  filterAll: 'Semua',
  colTime: 'Waktu',
  colType: 'Event',
  colStatus: 'Status',
  colAttempts: 'Percobaan',
  colCode: 'Kode respons',
  colAction: 'Aksi',
  nextAttempt: 'percobaan berikutnya {time}',
  replay: 'Kirim ulang',
  showBody: 'Lihat isi event {type}',
  hideBody: 'Sembunyikan isi event {type}',
  bodyLabel: 'Isi JSON',
  copyBody: 'Salin JSON',
  emptyTitle: 'Belum ada event',
  emptyHint:
    'Event nomor ini akan muncul di sini begitu terjadi. Klik "Kirim event uji" untuk mencoba webhook Anda sekarang.',
  emptyFiltered: 'Tidak ada event dengan status ini.',
} as const;

/** The log's status badge: its words and colour. */
export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  delivered: { label: 'Terkirim', color: 'green' },
  pending: { label: 'Menunggu', color: 'yellow' },
  failed: { label: 'Gagal', color: 'red' },
};
