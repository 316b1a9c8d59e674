/** Subscriptions and payments (issue 22): the texts the server and the pages share. */
export const BILLING_MESSAGES = {
  ownerOnly: 'Hanya pemilik akun yang dapat membeli atau memperpanjang langganan',
  settingsSaved: 'Pengaturan langganan disimpan',
  notOffered: 'Paket atau durasi tidak tersedia',
  midtransUnavailable: 'Pembayaran melalui Midtrans belum tersedia, silakan gunakan transfer bank',
  keyReused: 'Kunci pembelian ini sudah dipakai untuk pembelian lain',
  tooManyPending:
    'Masih ada 5 pembelian yang menunggu pembayaran. Selesaikan atau tunggu hingga kedaluwarsa terlebih dahulu',
  notFound: 'Transaksi tidak ditemukan',
  paymentWindowPassed: 'Batas waktu pembayaran telah lewat',
  belowMinimum: 'Penarikan paling sedikit {minimum}',
  aboveBalance: 'Jumlah melebihi saldo komisi Anda ({balance})',
  paymentSettingsSaved: 'Pengaturan pembayaran disimpan',
  bankTransferUnavailable: 'Transfer bank belum tersedia, silakan gunakan pembayaran lain',
  midtransUnreachable:
    'Midtrans tidak dapat dihubungi saat ini. Coba lagi sebentar lagi atau gunakan transfer bank',
  notPending: 'Transaksi ini tidak lagi menunggu pembayaran',
  proofOnlyForTransfer: 'Bukti transfer hanya untuk pembayaran transfer bank',
  proofRequired: 'Pilih file bukti transfer',
  proofTooLarge: 'Ukuran bukti transfer maksimal 5 MB',
  proofType: 'Bukti transfer harus berupa gambar (JPG, PNG, WEBP) atau PDF',
  proofMissing: 'Belum ada bukti transfer untuk transaksi ini',
  proofUploadFailed: 'Unggahan bukti transfer terputus. Silakan coba lagi',
  invoiceNotReady: 'Invoice tersedia setelah transaksi lunas',
  cancelledByOwner: 'Dibatalkan oleh pemilik akun',
  cancelledByOperator: 'Dibatalkan oleh admin',
  midtransEnded: 'Pembayaran Midtrans {status}',
  withdrawalNotFound: 'Penarikan tidak ditemukan',
  withdrawalProcessed: 'Penarikan ini sudah diproses',
  /** the reminder's subject */
  reminderSubject: 'Langganan Sapa Anda berakhir dalam {days} hari',
} as const;
