/** Toasts and notices only the web app shows. */
export const WEB_MESSAGES = {
  networkError: 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda',
  unexpectedError: 'Terjadi kesalahan. Silakan coba lagi',
  logoutDone: 'Anda telah keluar',
  trialTitle: 'Coba Sapa gratis 7 hari',
  trialBody: 'Aktifkan masa uji coba untuk mencoba semua fitur Sapa tanpa biaya.',
  verifyResendCooldown: 'Kode bisa dikirim ulang dalam {seconds} detik',
  emailChangeNotice: 'Mengubah email memerlukan verifikasi ulang melalui kode yang kami kirim ke email baru.',
  agentEmailNotice: 'Email agen diubah oleh pemilik akun melalui menu Agen.',
} as const;
