import type { PaymentMethod } from '@sapa/contracts';

/** Indonesian strings of the operator's Transaksi screen (/admin/transaction). */
export const TX_TEXT = {
  heading: 'Transaksi',
  description:
    'Pembelian paket semua pemilik akun. Konfirmasi transfer bank setelah dana masuk, atau tolak jika tidak sesuai.',

  // filters
  filterStatus: 'Status',
  filterAllStatus: 'Semua status',
  filterMethod: 'Metode',
  filterAllMethod: 'Semua metode',
  filterFrom: 'Dari tanggal',
  filterTo: 'Sampai tanggal',
  filterDateHint: 'Tanggal WIB',
  filterRangeInvalid: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  searchLabel: 'Cari transaksi',
  searchPlaceholder: 'Nama, email, nomor invoice atau referensi',
  searchClear: 'Hapus pencarian',
  searchButton: 'Cari',
  resetFilters: 'Hapus filter',

  // the list
  listLabel: 'Daftar transaksi',
  listLoading: 'Memuat transaksi',
  listFailed: 'Daftar transaksi gagal dimuat.',
  empty: 'Belum ada transaksi',
  emptyHint: 'Pembelian paket oleh pemilik akun akan tercatat di sini.',
  notFound: 'Tidak ada transaksi yang cocok',
  notFoundHint: 'Ubah filter atau kata kunci pencarian.',
  colDate: 'Tanggal',
  colOwner: 'Pemilik',
  colPlan: 'Paket',
  colTotal: 'Total',
  colMethod: 'Metode',
  colStatus: 'Status',
  colNumber: 'Invoice / Referensi',
  planMonths: '{plan} · {months} bulan',
  openDetail: 'Buka detail transaksi {code}',
  proofBadge: 'Ada bukti',

  // the drawer
  drawerLabel: 'Detail transaksi',
  drawerTitle: 'Transaksi {code}',
  drawerLoading: 'Memuat detail transaksi',
  drawerFailed: 'Detail transaksi gagal dimuat.',
  ownerHeading: 'Pemilik akun',
  infoHeading: 'Detail transaksi',
  moneyHeading: 'Rincian pembayaran',
  plan: 'Paket',
  duration: 'Durasi',
  months: '{months} bulan',
  method: 'Metode pembayaran',
  reference: 'Kode referensi',
  invoiceNumber: 'Nomor invoice',
  createdAt: 'Dibuat',
  paymentDeadline: 'Batas pembayaran',
  paidAt: 'Dibayar',
  extendedTo: 'Langganan diperpanjang hingga',
  businessName: 'Nama usaha',
  npwp: 'NPWP',
  gross: 'Harga ({price} × {months} bulan)',
  discount: 'Diskon',
  subtotal: 'Subtotal',
  taxBase: 'DPP',
  tax: 'PPN',
  total: 'Total',
  downloadInvoice: 'Unduh invoice',

  // the proof
  proofHeading: 'Bukti transfer',
  proofNone: 'Pemilik belum mengunggah bukti transfer.',
  close: 'Tutup',

  // Midtrans
  midtransHeading: 'Status di Midtrans',
  midtransHint: 'Jawaban Midtrans apa adanya. Status transaksi ikut diperbarui jika berubah.',
  midtransCheck: 'Cek status di Midtrans',
  midtransRecheck: 'Cek ulang',
  midtransLabel: 'Jawaban Midtrans',

  // actions
  confirm: 'Konfirmasi pembayaran',
  confirmTitle: 'Konfirmasi pembayaran?',
  confirmBody:
    'Transaksi {code} sebesar {total} akan ditandai Lunas. Langganan {owner} diperpanjang {months} bulan dengan paket {plan}, dan invoice dibuat otomatis.',
  confirmNoProof: 'Belum ada bukti transfer. Pastikan dana sudah masuk ke rekening sebelum mengonfirmasi.',
  confirmLate: 'Transaksi ini berstatus {status}. Konfirmasi hanya jika dana benar-benar sudah diterima.',
  confirmSubmit: 'Ya, konfirmasi',
  confirmed: 'Pembayaran dikonfirmasi. Langganan pemilik telah diperpanjang.',
  reject: 'Tolak',
  rejectTitle: 'Tolak pembayaran?',
  rejectBody: 'Transaksi {code} akan ditandai Gagal. Pemilik akun membaca alasan di bawah.',
  rejectReason: 'Alasan penolakan',
  rejectPlaceholder: 'Contoh: Dana belum masuk ke rekening atau jumlah transfer tidak sesuai',
  rejectSubmit: 'Tolak pembayaran',
  rejected: 'Pembayaran ditolak',
  cancel: 'Batalkan',
  cancelTitle: 'Batalkan transaksi?',
  cancelBody: 'Transaksi {code} sebesar {total} akan dibatalkan dan tidak bisa dibayar lagi oleh pemilik.',
  cancelSubmit: 'Ya, batalkan',
  cancelled: 'Transaksi dibatalkan',
  back: 'Kembali',
} as const;

/** Each payment method, short. */
export const METHOD_LABELS: Record<PaymentMethod, string> = {
  midtrans: 'Midtrans',
  bank_transfer: 'Transfer bank',
};
