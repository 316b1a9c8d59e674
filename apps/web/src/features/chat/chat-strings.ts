/**
 * Indonesian strings only the inbox uses. They live here rather than in the contracts catalogue,
 * which the /login entry chunk carries: the inbox's words load with the inbox.
 */
export const CHAT_STRINGS = {
  // spec §4 'Composer replaced by a notice'
  assignToReply: 'Assign ke Percakapan untuk membalas pesan',
  assignedTo: 'Percakapan telah diassign oleh {agent}',
  // spec §8
  assignDone: 'Percakapan berhasil diassign',
  assignFailedFallback: 'error assign',
  // spec §7 'Realtime': the notification title when the sender has no name
  notificationFallbackTitle: 'Pengirim',
  pickOne: 'Pilih percakapan untuk mulai membalas',
  pickOneHint: 'Pesan dari WhatsApp, Instagram dan Messenger Anda masuk ke sini secara langsung.',
  notifyPrompt: 'Aktifkan notifikasi agar tidak ketinggalan pesan baru.',
  simulatorHint: 'Coba kirim pesan sebagai pelanggan ke nomor sandbox Anda.',
} as const;
