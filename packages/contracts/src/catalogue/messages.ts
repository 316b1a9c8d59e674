import { ACCESS_MESSAGES } from './access';

/**
 * The Indonesian catalogue (STYLE 10). Spec strings are copied exactly; the rest follow their tone.
 * Interpolate, never glue fragments: `t(key, vars)` for the entries every screen may need (validation,
 * auth, common, chat), `interpolate(LABEL_MESSAGES.nameTooLong, { max })` for the sections beside this
 * file (access, agent, label, contact, whatsapp, attachment, web).
 *
 * The sections are modules of their own on purpose: the build puts a module in the chunk of its first
 * user, so strings kept here would ride in the /login entry chunk (bench budget 120 KB; merging them
 * here cost 3.8 KB) while a section travels with the screens that read it.
 */
export const MESSAGES = {
  // spec §5 generic validation messages
  'validation.required': 'Value is required',
  'validation.numeric': 'Value must be numeric',
  'validation.email': 'Value is not a valid email address',
  'validation.maxLength': 'The maximum length allowed is {max}',
  'validation.minLength': 'Panjang minimal adalah {min} karakter',
  'validation.phone': 'Nomor Telepon tidak valid',
  'validation.passwordMin': 'Kata sandi minimal {min} karakter',
  'validation.passwordConfirm': 'Konfirmasi kata sandi tidak sama',
  'validation.code': 'Kode verifikasi terdiri dari 6 angka',
  'validation.invalid': 'Data yang dikirim tidak valid',
  'validation.nulCharacter': 'Data yang dikirim mengandung karakter NUL (\\u0000) yang tidak diizinkan',

  // spec §5 access rules
  ...ACCESS_MESSAGES,

  // auth
  'auth.invalidCredentials': 'Email/nomor telepon atau kata sandi salah',
  'auth.invalidAdminCredentials': 'Username atau kata sandi salah',
  // issue 23: an owner (with their agents) or an operator disabled in the admin area
  'auth.accountDisabled': 'Akun ini dinonaktifkan. Hubungi customer service Sapa.',
  'auth.adminDisabled': 'Akun admin ini dinonaktifkan. Hubungi admin lain untuk mengaktifkannya kembali.',
  'auth.tooManyAttempts': 'Terlalu banyak percobaan masuk. Coba lagi dalam {minutes} menit',
  'auth.unauthorized': 'Sesi Anda telah berakhir. Silakan masuk kembali',
  'auth.forbidden': 'Anda tidak memiliki izin untuk melakukan tindakan ini',
  'auth.ownerOnly': 'Hanya pemilik akun yang dapat melakukan tindakan ini',
  'auth.agentNotVerified': 'Akun agen belum diverifikasi. Minta pemilik akun memasukkan kode verifikasi',
  'auth.emailTaken': 'Email sudah terdaftar',
  'auth.phoneTaken': 'Nomor telepon sudah terdaftar',
  'auth.identityUnavailable': 'Email atau nomor telepon tidak dapat dipakai',
  'auth.agentEmailOwnerOnly': 'Email agen hanya dapat diubah oleh pemilik akun melalui menu Agen',
  'auth.usernameTaken': 'Username sudah digunakan',
  'auth.wrongPassword': 'Kata sandi saat ini salah',
  'auth.resetSent': 'Jika email terdaftar, tautan untuk mengatur ulang kata sandi telah dikirim',
  'auth.resetInvalid': 'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa',
  'auth.resetDone': 'Kata sandi berhasil diubah. Silakan masuk',
  'auth.verifyInvalid': 'Kode verifikasi salah atau sudah kedaluwarsa',
  'auth.alreadyVerified': 'Akun sudah terverifikasi',
  'auth.verifyResendWait': 'Tunggu {seconds} detik sebelum mengirim ulang kode',
  'auth.verifySent': 'Kode verifikasi telah dikirim ke {email}',
  'auth.verifyDone': 'Akun berhasil diverifikasi',
  'auth.trialUsed': 'Masa uji coba sudah pernah diaktifkan',
  'auth.trialDone': 'Masa uji coba {days} hari telah aktif',
  'billing.subscriptionRequired':
    'Aktifkan uji coba gratis atau pilih paket langganan untuk mengirim pesan, broadcast, status, dan menambah nomor',
  'billing.subscriptionExpired':
    'Langganan Anda telah berakhir. Perpanjang langganan untuk mengirim pesan, broadcast, status, dan menambah nomor',
  'billing.planNumbersFull':
    'Paket {plan} berisi {limit} nomor dan semuanya sudah terpakai. Hapus nomor yang tidak dipakai atau upgrade paket untuk menambah nomor',
  'billing.planAgentsFull':
    'Paket {plan} berisi {limit} agen dan semuanya sudah terpakai. Hapus agen yang tidak aktif atau upgrade paket untuk menambah agen',
  'billing.planBroadcastsFull':
    'Paket {plan} berisi {limit} broadcast per bulan dan semuanya sudah terpakai bulan ini. Upgrade paket untuk mengirim broadcast lagi',
  'auth.needVerification': 'Verifikasi akun Anda terlebih dahulu',

  'common.rateLimited': 'Terlalu banyak permintaan. Coba lagi dalam {minutes} menit',
  'common.notFound': 'Data tidak ditemukan',
  'common.routeNotFound': 'Alamat tidak ditemukan',
  'common.internal': 'Terjadi kesalahan pada server. Silakan coba lagi',
  'common.unavailable': 'Layanan sedang tidak tersedia. Silakan coba lagi',
  'common.payloadTooLarge': 'Data yang dikirim terlalu besar',
  'common.storageFull':
    'Ruang penyimpanan akun Anda sudah penuh (maksimal {max} MB). Hubungi admin untuk menambah kuota',
  'common.success': 'Berhasil',
  'common.failed': 'Gagal',
  'common.saved': 'Perubahan berhasil disimpan',
  'common.comingSoon': 'Segera hadir',

  // chats (spec §5 'Start-chat form', §8)
  'chat.senderInvalid': 'Nomor Pengirim tidak valid',
  'chat.textInvalid': 'Teks tidak valid',
  'chat.temporaryIdInvalid': 'ID sementara pesan harus 20 karakter',
  'chat.notFound': 'Percakapan tidak ditemukan',
  'chat.accountNotFound': 'Akun pengirim tidak ditemukan',
  'chat.accountDisconnected': 'Akun pengirim tidak terhubung',
  'chat.sendFailedFallback': 'error send message',
  'chat.createFailedFallback': 'error create new chat',
  'chat.searchTooBroad': 'Pencarian terlalu luas. Gunakan kata yang lebih spesifik',
  'chat.assigned': 'Percakapan berhasil diassign',
  'chat.unassigned': 'Assign percakapan berhasil dihapus',
  'chat.agentNotFound': 'Agen tidak ditemukan',
  'chat.assignDenied': 'Agen tidak dapat mengubah agen percakapan ini',
  'chat.unassignDenied': 'Anda hanya dapat menghapus assign percakapan Anda sendiri',
  'chat.instagramWindow': 'Percakapan dibatasi karena pesan terakhir dari pengguna lebih dari 24 jam',
  'template.titleInvalid': 'Judul template tidak valid',
  'template.notFound': 'Template tidak ditemukan',
  'sandbox.disabled': 'Sandbox tidak aktif',
  'sandbox.failedDelivery': 'Pesan gagal dikirim ke pelanggan (simulasi)',
  'sandbox.restricted':
    'WhatsApp membatasi nomor ini (kode 463), jadi pesan tidak terkirim. Ini simulasi: matikan "Batasi nomor (463)" di simulator untuk mencabutnya',
  'sandbox.messageNotFound': 'Pesan pelanggan tidak ditemukan',
  'sandbox.notCustomerMessage': 'Pelanggan hanya dapat menghapus pesannya sendiri',

  'profile.updated': 'Profil berhasil diubah',
  'profile.passwordUpdated': 'Kata sandi berhasil diubah',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * Fills the `{name}` placeholders of a text; a placeholder without a value stays as written. The one
 * interpolation: `t()` uses it, and so do the catalogue's sections and the web's feature texts.
 */
export function interpolate(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Looks up a catalogue entry and fills its `{name}` placeholders: `t('validation.maxLength', { max: 50 })`. */
export function t(key: MessageKey, vars: Record<string, string | number> = {}): string {
  return interpolate(MESSAGES[key], vars);
}

/** Indonesian names of form fields, for API validation messages ('Kata sandi: Value is required'). */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Nama',
  email: 'Email',
  phone: 'Nomor Telepon',
  phoneNumber: 'Nomor Telepon',
  password: 'Kata sandi',
  currentPassword: 'Kata sandi saat ini',
  confirmPassword: 'Konfirmasi kata sandi',
  identifier: 'Email atau nomor telepon',
  username: 'Username',
  code: 'Kode verifikasi',
  token: 'Tautan',
  referralCode: 'Kode referral',
  title: 'Judul',
  type: 'Jenis',
  text: 'Teks',
  url: 'File',
  page: 'Halaman',
  limit: 'Batas',
  temporaryId: 'ID sementara',
};
