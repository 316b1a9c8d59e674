/**
 * Indonesian strings that only the web app uses (toasts and notices). Shared API messages live in
 * the contracts catalogue (`t()`); these follow its tone.
 */
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

/** Fills `{name}` placeholders of a web string. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
