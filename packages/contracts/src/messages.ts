/**
 * The one Indonesian catalogue (STYLE 10): every string the server answers and the web shows beyond a
 * feature's own labels. Spec strings are copied exactly; the rest follow their tone. Interpolate with
 * `t(key, vars)`, never by gluing fragments.
 *
 * The sections below are also exported one by one: a page that reads `LABEL_MESSAGES.nameInvalid` only
 * carries that section (the build drops unused ones), while `t()` reads them all.
 */

/** The route guard's strings (spec §5); the guard loads on every page, the login page included. */
export const ACCESS_MESSAGES = {
  'access.deniedTitle': 'Akses Ditolak',
  'access.agentDenied': 'Agen tidak memiliki izin untuk mengakses halaman ini',
  'access.betaTitle': 'Fitur Beta',
  'access.betaOnly': 'Fitur ini hanya untuk pengguna beta',
} as const;

/** The agents screen and API (spec §7 'Agents'); keys carry their `agent.` prefix already. */
export const AGENT_MESSAGES = {
  'agent.created': 'Agen berhasil ditambahkan. Kode verifikasi telah dikirim ke {email}',
  'agent.updated': 'Agen berhasil diubah',
  'agent.updatedNeedsVerification': 'Agen berhasil diubah. Kode verifikasi telah dikirim ke {email}',
  'agent.verified': 'Agen berhasil diverifikasi',
  'agent.deleted': 'Agen berhasil dihapus',
  'agent.notFound': 'Agen tidak ditemukan',
  'agent.alreadyVerified': 'Agen sudah terverifikasi',
  'agent.codeSent': 'Kode verifikasi telah dikirim ke {email}',
  'agent.empty': 'Anda belum mempunyai Agen',
  'agent.verifiedFilterInvalid': 'Filter status verifikasi tidak valid',
  'agent.statusVerified': 'Terverifikasi',
  'agent.statusUnverified': 'Belum Terverifikasi',
} as const;

/** Chat labels (spec §7 'Labels'): the server's 400/404/409 answers and Pengaturan > Label. */
export const LABEL_MESSAGES = {
  nameInvalid: 'Nama label tidak valid',
  nameTooLong: 'Nama label maksimal {max} karakter',
  colorInvalid: 'Warna label tidak valid',
  nameTaken: 'Nama label sudah digunakan',
  notFound: 'Label tidak ditemukan',
  idsTooMany: 'Maksimal {max} label sekaligus',
  created: 'Label berhasil ditambahkan',
  updated: 'Label berhasil diubah',
  deleted: 'Label berhasil dihapus',
  ownerOnly: 'Hanya pemilik akun yang dapat menambah, mengubah atau menghapus label',
  empty: 'Anda belum menambahkan Label',
  emptyHint: 'Label berwarna membantu tim mengelompokkan percakapan, misalnya "Pesanan baru" atau "VIP".',
  searchEmpty: 'Label tidak ditemukan',
  total: '{count} percakapan',
  deleteTitle: 'Hapus Label',
  deleteBody: 'Label "{name}" akan dihapus.',
  deleteUsed: 'Label ini akan dilepas dari {count} percakapan.',
  deleteUnused: 'Label ini belum dipakai di percakapan mana pun.',
} as const;

/**
 * Contact groups, group contacts, the Excel import and conversation contacts (spec §7 'Groups and
 * contacts'): the server's answers and the Kontak screens.
 */
export const CONTACT_MESSAGES = {
  groupNameInvalid: 'Nama grup tidak valid',
  groupNameTooLong: 'Nama grup maksimal {max} karakter',
  groupNameTaken: 'Nama grup sudah digunakan',
  groupNotFound: 'Grup tidak ditemukan',
  groupCreated: 'Grup berhasil ditambahkan',
  groupUpdated: 'Grup berhasil diubah',
  groupDeleted: 'Grup berhasil dihapus',
  contactNameInvalid: 'Nama tidak valid',
  contactNameTooLong: 'Nama maksimal {max} karakter',
  phoneInvalid: 'Nomor Telepon tidak valid',
  phoneTaken: 'Nomor Telepon sudah ada di grup ini',
  valueTooLong: 'Isi kolom maksimal {max} karakter',
  unknownColumn: 'Kolom "{name}" tidak ada di grup ini',
  contactNotFound: 'Kontak tidak ditemukan',
  contactsRequired: 'Tambahkan minimal satu kontak',
  contactsTooMany: 'Maksimal {max} kontak sekaligus',
  contactIdsRequired: 'Pilih minimal satu kontak',
  contactsAdded: '{count} kontak berhasil ditambahkan',
  contactUpdated: 'Kontak berhasil diubah',
  contactsDeleted: '{count} kontak berhasil dihapus',
  columnNameInvalid: 'Nama kolom tidak valid',
  columnNameTooLong: 'Nama kolom maksimal {max} karakter',
  columnNameTaken: 'Nama kolom sudah digunakan',
  columnNameReserved: 'Nama kolom tidak boleh "Nama" atau "Nomor Telepon"',
  columnNotFound: 'Kolom tidak ditemukan',
  columnsTooMany: 'Maksimal {max} kolom per grup',
  columnAdded: 'Kolom berhasil ditambahkan',
  columnRenamed: 'Kolom berhasil diubah',
  columnDeleted: 'Kolom berhasil dihapus',
  ownerOnly: 'Hanya pemilik akun yang dapat mengubah kontak dan grup',
  // import
  importFileRequired: 'Pilih berkas Excel (.xlsx) atau CSV',
  importFileType: 'Berkas harus berformat Excel (.xlsx) atau CSV',
  importFileCorrupt: 'Berkas tidak dapat dibaca. Pastikan berkas Excel (.xlsx) atau CSV tidak rusak',
  importFileEmpty: 'Berkas tidak berisi data. Baris pertama harus berisi judul kolom',
  importTooManyRows: 'Maksimal {max} baris per impor',
  importTooLarge: 'Ukuran berkas maksimal 10 MB',
  importContentTooLarge:
    'Isi berkas terlalu besar untuk dibaca. Bagi data ke beberapa berkas, lalu impor satu per satu',
  importNotFound: 'Impor tidak ditemukan',
  importNotReady: 'Impor ini sudah dijalankan',
  importNotRunning: 'Impor ini sudah selesai',
  importMappingLength: 'Pemetaan kolom tidak sesuai dengan berkas',
  importNeedsPhone: 'Pilih satu kolom sebagai Nomor Telepon',
  importNeedsName: 'Pilih satu kolom sebagai Nama',
  importDuplicateTarget: 'Setiap kolom tujuan hanya boleh dipilih sekali',
  importGroupRequired: 'Pilih grup tujuan atau isi nama grup baru',
  importNoRefused: 'Tidak ada baris yang ditolak',
  importFailed: 'Impor gagal. Silakan coba lagi',
  refusedNameEmpty: 'Nama kosong',
  refusedPhoneEmpty: 'Nomor Telepon kosong',
  refusedPhoneInvalid: 'Nomor Telepon tidak valid',
  refusedValueTooLong: 'Isi kolom terlalu panjang',
} as const;

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

/** Attachment and channel rules of spec §5: info toasts titled 'Tidak Valid' and the same text as a 400. */
export const ATTACHMENT_MESSAGES = {
  toastTitle: 'Tidak Valid',
  tooLarge: 'Maksimal ukuran file adalah 10MB',
  wrongType: 'Jenis file {type} tidak didukung untuk gambar/video/audio',
  instagram: 'Instagram tidak bisa mengirimkan Dokumen, Lokasi atau Kontak',
  messenger: 'Messenger tidak bisa mengirimkan Lokasi atau Kontak',
  contactName: 'Nama Kontak tidak valid',
  contactPhone: 'Nomor Telepon tidak valid',
  latitude: 'Latitude tidak valid',
  longitude: 'Longitude tidak valid',
  locationName: 'Nama Lokasi tidak valid',
  locationAddress: 'Alamat Lokasi tidak valid',
  fileMissing: 'File tidak ditemukan. Unggah ulang file tersebut',
  fileRequired: 'Pilih file yang akan diunggah',
  fileEmpty: 'File kosong tidak dapat diunggah',
  fileMismatch: 'Isi file tidak sesuai dengan jenisnya ({type})',
  uploadFailed: 'Gagal mengunggah file',
  mediaRequired: 'Media tidak valid',
  typeInvalid: 'Jenis pesan tidak valid',
  quotedNotFound: 'Pesan yang dibalas tidak ditemukan',
  replyWhatsappOnly: 'Balasan kutipan hanya tersedia di WhatsApp',
  noPreview: 'Pratinjau tidak tersedia',
  captionPlaceholder: 'Tambahkan keterangan',
} as const;

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

/** A section's keys under its prefix: `label` + `nameInvalid` -> `label.nameInvalid`. */
type Section<P extends string, T> = { readonly [K in keyof T & string as `${P}.${K}`]: T[K] };

function section<P extends string, T extends Record<string, string>>(prefix: P, strings: T): Section<P, T> {
  return Object.fromEntries(
    Object.entries(strings).map(([key, text]) => [`${prefix}.${key}`, text]),
  ) as Section<P, T>;
}

/** Every entry of the catalogue under its full key, the keys `t()` takes. */
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

  // auth
  'auth.invalidCredentials': 'Email/nomor telepon atau kata sandi salah',
  'auth.invalidAdminCredentials': 'Username atau kata sandi salah',
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

  'profile.updated': 'Profil berhasil diubah',
  'profile.passwordUpdated': 'Kata sandi berhasil diubah',

  // spec §5 access rules
  ...ACCESS_MESSAGES,
  ...AGENT_MESSAGES,
  ...section('label', LABEL_MESSAGES),
  ...section('contact', CONTACT_MESSAGES),
  ...section('whatsapp', WHATSAPP_MESSAGES),
  ...section('attachment', ATTACHMENT_MESSAGES),
  ...section('web', WEB_MESSAGES),
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type AgentMessageKey = keyof typeof AGENT_MESSAGES;
export type LabelMessageKey = keyof typeof LABEL_MESSAGES;
export type ContactMessageKey = keyof typeof CONTACT_MESSAGES;
export type WhatsappMessageKey = keyof typeof WHATSAPP_MESSAGES;

/**
 * Fills the `{name}` placeholders of a text; a placeholder without a value stays as written. The one
 * interpolation: `t()` uses it, and so do the web's feature texts that live beside their screens.
 */
export function interpolate(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Looks up a catalogue entry and fills its `{name}` placeholders: `t('label.nameTooLong', { max: 50 })`. */
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
