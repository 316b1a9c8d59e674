/**
 * How each public API operation reads in the OpenAPI document (Dokumentasi API, issue 26): its
 * operationId, a short Indonesian title, what it does and the group (tag) it is listed under. A route
 * spreads `operation('sendMessage')` into its schema; the document is generated from it.
 */

/** The groups of operations, in the order a developer meets them. */
const TAGS = {
  messages: 'Pesan',
  media: 'Media',
  chats: 'Chat',
  numbers: 'Nomor',
  contacts: 'Kontak',
  groups: 'Grup kontak',
  broadcasts: 'Broadcast',
} as const;

interface OperationDoc {
  summary: string;
  description: string;
  tags: [string];
}

/** Contacts and groups are the owner's, not one number's (see the operations' descriptions). */
const CONTACT_SCOPE =
  'Kontak dan grup kontak milik pemilik nomor, bukan milik satu nomor: seperti di menu Kontak aplikasi, semua nomor milik pemilik yang sama memakai kontak dan grup yang sama, jadi token nomor mana pun dari pemilik itu melihat dan mengubah kontak yang sama. Kontak dan grup pemilik lain tidak pernah terlihat (404).';

/** Broadcasts through the API are the token's number's alone. */
const BROADCAST_SCOPE =
  'Hanya broadcast yang dikirim dari nomor token ini saja yang terlihat; broadcast nomor lain (juga milik pemilik yang sama, atau dengan beberapa nomor pengirim) dijawab 404.';

const OPERATIONS = {
  sendMessage: {
    tags: [TAGS.messages],
    summary: 'Kirim pesan',
    description:
      'Mengirim pesan dari nomor token ini ke `to` (nomor pelanggan, angka dengan kode negara, mis. 6281234567890): chat dengan nomor itu dibuka bila belum ada. Semua jenis pesan aplikasi bisa dikirim: `text`, `image`, `video`, `audio`, `document`, `sticker` (berkas dari `POST /media`, dengan `url`-nya), `location`, `contact`; atau template yang disetujui untuk nomor WhatsApp Cloud API. Tanpa `type`, pesan adalah teks. Jawabannya pesan yang disimpan dengan status `pending`; statusnya berlanjut di `GET /chats/{id}/messages`. Jeda pengiriman nomor WhatsApp Web berlaku juga untuk pesan dari API.',
  },
  uploadMedia: {
    tags: [TAGS.media],
    summary: 'Unggah media',
    description:
      'Mengunggah satu berkas sebagai `multipart/form-data` di kolom `file`, dengan batas yang sama seperti unggahan di aplikasi: maksimal 10 MB, jenisnya dikenali dari isi berkas, dan kuota penyimpanan pemilik berlaku. `url` dalam jawaban dipakai di `POST /messages` sebagai `image.url`, `video.url`, `audio.url`, `document.url` atau `sticker.url`. Berkas menjadi milik pemilik nomor; berkas pemilik lain ditolak saat dikirim. Dengan `Idempotency-Key`, isi, nama dan jenis berkas dibandingkan untuk menentukan permintaan yang sama.',
  },
  listChats: {
    tags: [TAGS.chats],
    summary: 'Daftar chat',
    description:
      'Chat nomor token ini (semua status), pesan terakhir terbaru lebih dulu, per halaman (`page`, `limit` maks. 100).',
  },
  listChatMessages: {
    tags: [TAGS.chats],
    summary: 'Daftar pesan chat',
    description:
      'Pesan dalam satu chat nomor ini: halaman 1 berisi pesan terbaru, tiap halaman urut dari yang terlama (seperti di aplikasi). Chat nomor lain dijawab 404.',
  },
  checkNumbers: {
    tags: [TAGS.numbers],
    summary: 'Periksa nomor WhatsApp',
    description:
      'Memeriksa lewat nomor ini apakah 1-50 nomor terdaftar di WhatsApp. Nomor yang tidak bisa memeriksa (WhatsApp Cloud API) dijawab 400; nomor yang sedang tidak terhubung 503.',
  },
  listContacts: {
    tags: [TAGS.contacts],
    summary: 'Daftar kontak',
    description: `Kontak semua grup, atau satu grup dengan \`groupId\`, urut nama, per halaman; \`q\` mencari nama atau nomor (nomor boleh ditulis seperti biasa, mis. 0812-3456). ${CONTACT_SCOPE}`,
  },
  createContact: {
    tags: [TAGS.contacts],
    summary: 'Tambah kontak',
    description: `Menambah satu kontak ke grup \`groupId\` (setiap kontak berada di satu grup). \`values\` berisi kolom grup itu (nama kolom sebagai kunci). Nomor yang sudah ada di grup itu memperbarui kontak tersebut, seperti menambah kontak di aplikasi. ${CONTACT_SCOPE}`,
  },
  getContact: {
    tags: [TAGS.contacts],
    summary: 'Detail kontak',
    description: `Satu kontak dengan grupnya. ${CONTACT_SCOPE}`,
  },
  updateContact: {
    tags: [TAGS.contacts],
    summary: 'Ubah kontak',
    description: `Mengubah kolom yang dikirim saja: \`name\`, \`phoneNumber\`, dan \`values\` yang digabung ke nilai kontak per kolom (kolom bernilai \`null\` atau kosong dikosongkan). Nomor yang sudah dipakai kontak lain di grup yang sama dijawab 409. ${CONTACT_SCOPE}`,
  },
  deleteContact: {
    tags: [TAGS.contacts],
    summary: 'Hapus kontak',
    description: `Menghapus kontak dari grupnya. ${CONTACT_SCOPE}`,
  },
  listGroups: {
    tags: [TAGS.groups],
    summary: 'Daftar grup kontak',
    description: `Grup kontak urut nama dengan jumlah kontaknya, per halaman; \`q\` mencari nama grup. ${CONTACT_SCOPE}`,
  },
  createGroup: {
    tags: [TAGS.groups],
    summary: 'Buat grup kontak',
    description: `Grup kontak baru yang masih kosong; nama yang sudah dipakai (huruf besar atau kecil) dijawab 409. ${CONTACT_SCOPE}`,
  },
  getGroup: {
    tags: [TAGS.groups],
    summary: 'Detail grup kontak',
    description: `Satu grup dengan kolomnya dan jumlah kontaknya. ${CONTACT_SCOPE}`,
  },
  deleteGroup: {
    tags: [TAGS.groups],
    summary: 'Hapus grup kontak',
    description: `Menghapus grup beserta semua kontaknya. ${CONTACT_SCOPE}`,
  },
  addGroupContacts: {
    tags: [TAGS.groups],
    summary: 'Tambah kontak ke grup',
    description: `Menambah 1-1000 kontak ke grup sekaligus. Nomor yang sudah ada di grup memperbarui kontak itu (nilainya digabung); nomor yang dikirim dua kali digabung dan dihitung di \`duplicates\`. ${CONTACT_SCOPE}`,
  },
  removeGroupContact: {
    tags: [TAGS.groups],
    summary: 'Hapus kontak dari grup',
    description: `Menghapus satu kontak dari grup ini; kontak grup lain dijawab 404. ${CONTACT_SCOPE}`,
  },
  listBroadcasts: {
    tags: [TAGS.broadcasts],
    summary: 'Daftar broadcast',
    description: `Broadcast nomor ini, terbaru lebih dulu, dengan status dan angkanya; \`state\` menyaring status, \`q\` mencari nama. ${BROADCAST_SCOPE}`,
  },
  createBroadcast: {
    tags: [TAGS.broadcasts],
    summary: 'Mulai broadcast',
    description:
      'Memulai broadcast dari nomor token ini ke grup kontak (`groupIds`) dan/atau daftar nomor (`phoneNumbers`), sekarang atau pada `scheduledAt`, dengan aturan yang sama seperti di aplikasi: setiap nomor sekali, nomor yang berhenti berlangganan dilewati, variabel `{{nama}}`, `{{nomor}}` dan kolom grup diisi per penerima (atau `fallbacks`), jeda pengiriman broadcast berlaku. Nomor WhatsApp Cloud API tidak bisa mengirim broadcast (400). Paket langganan membatasi broadcast yang dimulai per bulan kalender (WIB): setelah batasnya, 403 dengan alasannya.',
  },
  getBroadcast: {
    tags: [TAGS.broadcasts],
    summary: 'Status broadcast',
    description: `Status broadcast (\`scheduled\`, \`running\`, \`paused\`, \`finish\`) dan angkanya: total, menunggu, terkirim, diterima, dibaca, dibalas, gagal, dilewati. ${BROADCAST_SCOPE}`,
  },
  pauseBroadcast: {
    tags: [TAGS.broadcasts],
    summary: 'Jeda broadcast',
    description: `Menjeda broadcast yang berjalan atau terjadwal; broadcast lain dijawab 409. ${BROADCAST_SCOPE}`,
  },
  resumeBroadcast: {
    tags: [TAGS.broadcasts],
    summary: 'Lanjutkan broadcast',
    description: `Melanjutkan broadcast yang dijeda ke penerima yang belum terkirim; broadcast lain dijawab 409. ${BROADCAST_SCOPE}`,
  },
  stopBroadcast: {
    tags: [TAGS.broadcasts],
    summary: 'Hentikan broadcast',
    description: `Mengakhiri broadcast sebagai \`finish\`; penerima yang belum terkirim dilewati sebagai Dibatalkan. Broadcast yang sudah selesai dijawab 409. ${BROADCAST_SCOPE}`,
  },
} satisfies Record<string, OperationDoc>;

export type OperationId = keyof typeof OPERATIONS;

/**
 * The documentation keys of one operation's route schema: operationId, summary, description, tags,
 * and its security: the number's API token as a bearer token, never a session.
 */
export function operation(
  operationId: OperationId,
): OperationDoc & { operationId: OperationId; security: Record<string, string[]>[] } {
  return { operationId, ...OPERATIONS[operationId], security: [{ bearer: [] }] };
}
