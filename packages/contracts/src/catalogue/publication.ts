/** Publications (issue 20): broadcasts and WhatsApp Status posts - server answers and screens. */
export const PUBLICATION_MESSAGES = {
  // spec §4 'Publication run states'
  stateRunning: 'Berjalan',
  stateFinish: 'Selesai',
  statePaused: 'Dijeda',
  stateScheduled: 'Dijadwalkan',

  // recipient states
  recipientPending: 'Menunggu',
  recipientSent: 'Terkirim',
  recipientUnread: 'Belum dibaca',
  recipientRead: 'Dibaca',
  recipientFailed: 'Gagal',
  recipientSkipped: 'Dilewati',

  // reasons a recipient was skipped, failed or a broadcast paused
  reasonNotOnWhatsapp: 'Nomor tidak terdaftar di WhatsApp',
  reasonOptedOut: 'Nomor ini sudah berhenti berlangganan',
  reasonCancelled: 'Dibatalkan',
  reasonRestricted:
    'WhatsApp membatasi nomor pengirim (kode {code}). Broadcast dijeda otomatis; tunggu pembatasan berakhir sebelum melanjutkan',
  reasonLoggedOut: 'Nomor pengirim keluar dari WhatsApp. Hubungkan ulang lalu lanjutkan broadcast',
  reasonDisconnected: 'Nomor pengirim tidak terhubung. Hubungkan ulang lalu lanjutkan broadcast',
  reasonNoSender: 'Tidak ada nomor pengirim yang terhubung',
  reasonSendFailed: 'Pesan gagal dikirim: {reason}',

  // validation
  nameInvalid: 'Nama broadcast tidak valid',
  nameTooLong: 'Nama broadcast maksimal {max} karakter',
  sendersRequired: 'Pilih minimal satu nomor pengirim',
  sendersTooMany: 'Maksimal {max} nomor pengirim',
  senderInvalid: 'Nomor pengirim harus nomor WhatsApp yang terhubung',
  senderCloud:
    'Nomor WhatsApp Cloud API belum bisa mengirim broadcast: di luar 24 jam Meta hanya menerima template pesan. Pilih nomor WhatsApp Web.',
  statusCloud: 'Status WhatsApp tidak bisa diposting lewat Cloud API. Pilih nomor WhatsApp Web.',
  recipientsRequired: 'Pilih minimal satu grup kontak atau tulis minimal satu nomor',
  recipientsTooMany: 'Maksimal {max} penerima dalam satu broadcast',
  phoneLinesInvalid: 'Nomor di baris {lines} tidak valid',
  groupNotFound: 'Grup kontak tidak ditemukan',
  scheduleInPast: 'Waktu jadwal harus di masa depan',
  scheduleInvalid: 'Waktu jadwal tidak valid',
  variableUnknown: 'Variabel {{{name}}} tidak dikenal',
  notFound: 'Broadcast tidak ditemukan',
  notPausable: 'Hanya broadcast yang sedang berjalan yang bisa dijeda',
  notResumable: 'Hanya broadcast yang dijeda yang bisa dilanjutkan',
  notStoppable: 'Broadcast ini sudah selesai',
  ownerOnly: 'Hanya pemilik akun yang dapat mengelola publikasi',

  // answers
  created: 'Broadcast berhasil dibuat',
  scheduled: 'Broadcast berhasil dijadwalkan',
  paused: 'Broadcast dijeda',
  resumed: 'Broadcast dilanjutkan',
  stopped: 'Broadcast dihentikan',

  // opt-out list
  optOutAdded: 'Nomor ditambahkan ke daftar berhenti berlangganan',
  optOutRemoved: 'Nomor dihapus dari daftar berhenti berlangganan',
  stopWordsInvalid: 'Kata berhenti tidak valid',

  // status posts
  statusTextRequired: 'Teks status wajib diisi',
  statusMediaRequired: 'Pilih gambar atau video',
  statusColorInvalid: 'Warna latar tidak valid',
  statusAccountInvalid: 'Pilih nomor WhatsApp yang terhubung',
  statusTimeInvalid: 'Jam tidak valid',
  statusWeekdayInvalid: 'Hari tidak valid',
  statusNotFound: 'Status tidak ditemukan',
  statusCreated: 'Status berhasil dibuat',
  statusDeleted: 'Status berhasil dihapus',
  statusPosted: 'Terkirim',
  statusFailed: 'Gagal',
  statusWaiting: 'Dijadwalkan',
  statusRecurring: 'Berulang',
  statusNotRecurring: 'Hanya status berulang yang bisa dijeda atau dilanjutkan',
  statusFinished: 'Status ini sudah selesai',
  statusReasonDisconnected:
    'Nomor WhatsApp tidak terhubung saat status akan dikirim. Hubungkan ulang nomornya',
  statusReasonUnsupported: 'Nomor ini tidak dapat memposting status WhatsApp',
} as const;

export type PublicationMessageKey = keyof typeof PUBLICATION_MESSAGES;
