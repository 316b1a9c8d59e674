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
} as const;
