/** Indonesian strings of the Agen screen that only the web uses; API messages live in AGENT_MESSAGES. */
export const AGENT_TEXT = {
  heading: 'Agen',
  description: 'Tim yang membantu Anda membalas percakapan pelanggan. Agen masuk lewat halaman login.',
  add: 'Tambah Agen',
  addTitle: 'Tambah Agen',
  editTitle: 'Ubah Agen',
  verifyTitle: 'Verifikasi Agen',
  deleteTitle: 'Hapus Agen',
  searchLabel: 'Cari agen',
  searchPlaceholder: 'Cari nama, email atau nomor telepon',
  search: 'Cari',
  clearSearch: 'Hapus pencarian',
  filterLabel: 'Status verifikasi',
  filterAll: 'Semua',
  emptyBody: 'Tambahkan agen agar tim Anda dapat ikut membalas percakapan pelanggan.',
  notFoundBody: 'Coba kata kunci atau filter lain.',
  loadFailed: 'Daftar agen gagal dimuat.',
  retry: 'Coba Lagi',
  loadMore: 'Lebih Banyak',
  colName: 'Nama',
  colEmail: 'Email',
  colPhone: 'Nomor Telepon',
  colStatus: 'Status',
  colActions: 'Aksi',
  verify: 'Verifikasi',
  edit: 'Ubah',
  delete: 'Hapus',
  cancel: 'Batal',
  save: 'Simpan',
  passwordHint: 'Minimal 8 karakter',
  newPassword: 'Kata Sandi Baru',
  newPasswordHint:
    'Kosongkan jika kata sandi tidak diubah. Jika diubah, agen dikeluarkan dari semua perangkat.',
  addNotice:
    'Kode verifikasi akan dikirim ke email agen. Agen baru bisa masuk setelah Anda memasukkan kode tersebut.',
  emailChangeNotice:
    'Email baru perlu diverifikasi ulang: agen dikeluarkan dan baru bisa masuk lagi setelah kode dari email barunya dimasukkan.',
  verifyBody:
    'Masukkan 6 digit kode yang dikirim ke email {email}. Minta agen memeriksa kotak masuk emailnya.',
  devMailboxHint:
    'Server ini belum memakai SMTP: email tidak dikirim, tetapi tersimpan di Kotak Surat yang hanya dapat dibaca operator (admin).',
  codeLabel: 'Kode Verifikasi',
  codeDigit: 'Kode verifikasi digit {n}',
  resend: 'Kirim Ulang Kode',
  resendCooldown: 'Kode bisa dikirim ulang dalam {seconds} detik',
  notReceived: 'Agen belum menerima kode?',
  deleteBody:
    'Agen {name} akan dihapus dan dikeluarkan dari semua perangkat. Percakapan yang ditangani {name} menjadi tidak ter-assign, sehingga bisa di-assign ke agen lain. Tindakan ini tidak dapat dibatalkan.',
} as const;

/** Fills `{name}` placeholders. */
export function fillText(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
