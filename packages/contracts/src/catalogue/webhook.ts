/** Outbound webhooks of a number (issue 26): the owner's settings page and the dispatcher's notes. */
export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Alamat webhook harus berupa URL http:// atau https:// yang lengkap',
  urlCredentials: 'Alamat webhook tidak boleh memuat nama pengguna atau kata sandi',
  urlPrivate:
    'Alamat webhook mengarah ke jaringan privat, loopback atau link-local. Gunakan alamat yang dapat dijangkau dari internet',
  urlUnresolvable: 'Nama host alamat webhook tidak dapat ditemukan',
  notSet: 'Webhook nomor ini belum diatur',
  enableFirst: 'Webhook nomor ini sedang nonaktif. Aktifkan dulu, lalu coba lagi',
  saved: 'Webhook disimpan',
  removed: 'Webhook dihapus',
  secretRotated: 'Rahasia webhook diganti. Rahasia lama tidak berlaku lagi',
  replayed: 'Event dijadwalkan untuk dikirim ulang',
  testQueued: 'Event uji dikirim ke webhook',
  deliveryNotFound: 'Pengiriman webhook tidak ditemukan',
  disabledReason:
    'Dinonaktifkan otomatis: sebuah event gagal dikirim selama 24 jam. Periksa server Anda, lalu aktifkan kembali',
  disabledMailSubject: 'Webhook nomor {number} dinonaktifkan',
  timeout: 'Server webhook tidak menjawab dalam {seconds} detik',
  connectFailed: 'Tidak dapat terhubung ke server webhook: {reason}',
  blockedTarget: 'Alamat tujuan ditolak: jaringan privat, loopback atau link-local',
  disabledWhilePending: 'Webhook dinonaktifkan sebelum event ini terkirim',
} as const;

export type WebhookMessageKey = keyof typeof WEBHOOK_MESSAGES;
