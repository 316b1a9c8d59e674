/** Indonesian strings of the subscription banners above every signed-in screen. */
export const SUBSCRIPTION_TEXT = {
  expiredTitle: 'Langganan berakhir',
  expiredBody:
    'Langganan Anda telah berakhir pada {date}. Kotak masuk tetap bisa dibaca, tetapi mengirim pesan, broadcast, status, dan menambah nomor diblokir.',
  renew: 'Perpanjang sekarang',
  noneTitle: 'Belum ada langganan',
  noneBody:
    'Pilih paket untuk mulai mengirim pesan. Kotak masuk tetap bisa dibaca, tetapi mengirim pesan, broadcast, status, dan menambah nomor diblokir.',
  choose: 'Pilih paket',
  agentExpiredBody:
    'Langganan akun ini telah berakhir pada {date}. Kotak masuk tetap bisa dibaca, tetapi mengirim pesan, broadcast, dan status diblokir. Minta pemilik akun untuk memperpanjang langganan.',
  agentNoneBody:
    'Akun ini belum berlangganan. Kotak masuk tetap bisa dibaca, tetapi mengirim pesan, broadcast, dan status diblokir. Minta pemilik akun untuk memilih paket.',
} as const;
