/** Indonesian strings of the audit log (/admin/audit) that only it uses. */
export const AUDIT_TEXT = {
  heading: 'Log Audit',
  description:
    'Setiap perubahan oleh admin tercatat di sini, terbaru di atas, lengkap dengan data sebelum dan sesudahnya.',
  operatorLabel: 'Admin',
  operatorAll: 'Semua admin',
  operatorDisabled: '{name} (nonaktif)',
  operatorNotFound: 'Admin tidak ditemukan',
  targetTypeLabel: 'Jenis data',
  targetTypeAll: 'Semua jenis',
  targetLabel: 'Data {id}',
  targetClear: 'Hapus filter data {id}',
  listLoading: 'Memuat log audit',
  listFailed: 'Log audit gagal dimuat.',
  empty: 'Belum ada catatan audit',
  emptyHint:
    'Perubahan yang dibuat admin, seperti konfirmasi transfer atau perubahan pengaturan, akan tercatat di sini.',
  notFound: 'Tidak ada catatan untuk filter ini',
  notFoundHint: 'Pilih admin atau jenis data lain, atau hapus filter.',
  clearFilters: 'Hapus filter',
  by: 'oleh {name}',
  unknownOperator: 'Admin tidak dikenal',
  changes: 'Perubahan',
  noChanges: 'Tidak ada perubahan data yang tercatat.',
  colField: 'Kolom',
  colBefore: 'Sebelum',
  colAfter: 'Sesudah',
  none: '-',
  yes: 'Ya',
  no: 'Tidak',
  openUser: 'Buka pengguna',
  openTransaction: 'Buka transaksi',
  filterTarget: 'Tampilkan semua catatan data ini',
} as const;

/** The target types an operator's write names (recordAudit's targetType), as the filter offers them. */
export const AUDIT_TARGET_TYPES = [
  'transaction',
  'user',
  'withdrawal',
  'settings',
  'article',
  'admin',
  'operator',
] as const;

export const TARGET_TYPE_LABELS: Record<string, string> = {
  transaction: 'Transaksi',
  user: 'Pengguna',
  withdrawal: 'Penarikan',
  settings: 'Pengaturan',
  article: 'Artikel',
  admin: 'Admin',
  operator: 'Operator',
};

/**
 * The known actions ('area.verb', recordAudit) in the operator's words; any other shows as written.
 */
export const ACTION_LABELS: Record<string, string> = {
  'transaction.confirm': 'Konfirmasi transfer',
  'transaction.reject': 'Tolak transfer',
  'transaction.cancel': 'Batalkan transaksi',
  'transaction.midtrans': 'Cek status Midtrans',
  'user.disable': 'Nonaktifkan pengguna',
  'user.enable': 'Aktifkan kembali pengguna',
  'user.beta': 'Ubah akses beta',
  'user.subscription': 'Ubah masa berlaku langganan',
  'withdrawal.approve': 'Setujui penarikan',
  'withdrawal.reject': 'Tolak penarikan',
  'withdrawal.paid': 'Tandai penarikan dibayar',
  'settings.billing': 'Ubah paket dan harga',
  'settings.payment': 'Ubah pengaturan pembayaran',
  'settings.site': 'Ubah pengaturan situs',
  'article.create': 'Buat artikel',
  'article.update': 'Ubah artikel',
  'article.publish': 'Terbitkan artikel',
  'article.unpublish': 'Batalkan terbit artikel',
  'article.delete': 'Hapus artikel',
  'admin.update': 'Ubah profil admin',
  'operator.create': 'Tambah operator',
  'operator.disable': 'Nonaktifkan operator',
  'operator.enable': 'Aktifkan operator',
};
