/** WhatsApp accounts (spec §7 'Accounts', issue 7): linking, statuses, dialogs and refusals. */
export const WHATSAPP_MESSAGES = {
  labelNameInvalid: 'Nama akun tidak valid',
  labelNameTooLong: 'Nama akun maksimal {max} karakter',
  phoneInvalid: 'Nomor Telepon tidak valid',
  textInvalid: 'Pesan tidak boleh kosong',
  methodInvalid: 'Pilih cara menautkan: Kode QR atau Kode Pairing',
  pacingInvalid: 'Pengaturan kecepatan kirim tidak valid',
  accountNotFound: 'Akun tidak ditemukan',
  notWhatsappWeb: 'Akun ini bukan nomor WhatsApp yang ditautkan',
  notConnected: 'Akun WhatsApp belum terhubung',
  alreadyConnected: 'Akun WhatsApp sudah terhubung',
  accountDeleted: 'Akun sudah dihapus',
  ownerOnly: 'Hanya pemilik akun yang dapat mengelola integrasi',
  created: 'Nomor WhatsApp ditambahkan. Pindai kode QR untuk menautkan',
  updated: 'Akun berhasil diubah',
  deleted: 'Akun berhasil dihapus',
  testSent: 'Pesan tes berhasil dikirim',
  tokenReset: 'Token API baru berhasil dibuat. Salin sekarang: token ini tidak akan ditampilkan lagi',
  // statuses
  'status.connecting': 'Menghubungkan',
  'status.waiting_scan': 'Menunggu ditautkan',
  'status.connected': 'Terhubung',
  'status.disconnected': 'Terputus',
  'status.logged_out': 'Keluar dari perangkat',
  'status.replaced': 'Dipakai di sesi lain',
  // reasons shown under the status
  unreachable: 'Server tidak dapat terhubung ke WhatsApp. Periksa koneksi internet server, lalu coba lagi.',
  loggedOut: 'Perangkat ini telah dikeluarkan dari WhatsApp di ponsel. Tautkan ulang nomor ini.',
  replaced: 'Nomor ini dibuka oleh sesi lain dengan data yang sama. Tutup sesi itu, lalu sambungkan ulang.',
  qrExpired: 'Kode QR sudah kedaluwarsa. Klik "Tautkan" untuk kode baru.',
  restricted: 'WhatsApp membatasi akun ini untuk sementara. Coba lagi nanti.',
  reconnecting: 'Koneksi terputus, mencoba menyambung kembali…',
  // sends
  paced: 'Pengiriman ditunda agar nomor WhatsApp Anda aman dari pemblokiran',
  hourlyCapReached: 'Batas kirim per jam untuk nomor ini tercapai. Pesan akan dikirim otomatis nanti',
  sendFailed: 'Pesan gagal dikirim melalui WhatsApp',
  mediaGone: 'Media tidak lagi tersedia di WhatsApp',
} as const;

export type WhatsappMessageKey = keyof typeof WHATSAPP_MESSAGES;
