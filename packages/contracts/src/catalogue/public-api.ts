/** The public API under /api/v1 (issue 26): its refusals, for developers calling it with a number's token. */
export const PUBLIC_API_MESSAGES = {
  tokenMissing: 'Token API wajib dikirim sebagai header Authorization: Bearer <token>',
  tokenInvalid:
    'Token API tidak valid, sudah diganti atau nomornya sudah dihapus. Salin token terbaru dari halaman Integrasi',
  ownerDisabled: 'Akun pemilik nomor ini sedang dinonaktifkan',
  rateLimited: 'Terlalu banyak permintaan untuk token ini. Coba lagi dalam {seconds} detik',
  authFailuresLimited:
    'Terlalu banyak token API tidak valid dari alamat ini. Periksa token di halaman Integrasi, lalu coba lagi dalam {seconds} detik',
  idempotencyKeyInvalid:
    'Idempotency-Key harus 1-100 karakter berupa huruf, angka, tanda hubung (-) atau garis bawah (_)',
  idempotencyKeyReused: 'Idempotency-Key ini sudah dipakai untuk permintaan lain dalam 24 jam terakhir',
  idempotencyInProgress:
    'Permintaan dengan Idempotency-Key ini sedang diproses. Coba lagi sebentar lagi dengan key yang sama',
  phonesInvalid: 'Nomor telepon harus berupa 1-50 nomor',
  checkUnsupported: 'Nomor ini tidak dapat memeriksa apakah nomor lain terdaftar di WhatsApp',
  checkUnavailable: 'Nomor ini sedang tidak terhubung. Coba lagi setelah nomor terhubung',
  groupRequired: 'groupId wajib diisi: setiap kontak berada di satu grup kontak',
} as const;

export type PublicApiMessageKey = keyof typeof PUBLIC_API_MESSAGES;
