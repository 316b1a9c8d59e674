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
  // issue 25: the WhatsApp Cloud API template picker
  templatePick: 'Pilih template',
  templatePickerTitle: 'Kirim template WhatsApp',
  templateMenuItem: 'Kirim template WhatsApp',
  templateSearchLabel: 'Cari template',
  templateSearchPlaceholder: 'Cari nama template',
  templateListLabel: 'Template yang disetujui',
  templateLoading: 'Memuat template',
  templateEmpty: 'Belum ada template yang disetujui',
  templateEmptyHint:
    'Buat template pesan di WhatsApp Manager (Meta Business Suite) lalu tunggu persetujuan Meta. Template yang sudah disetujui muncul di sini.',
  templateNoMatch: 'Template tidak ditemukan',
  templateLoadFailed: 'Gagal memuat template dari Meta',
  templatePreview: 'Pratinjau pesan',
  templateParameter: 'Isian {n}',
  templateNoParameters: 'Template ini tidak membutuhkan isian.',
  templateSend: 'Kirim template',
  templateBack: 'Pilih template lain',
  templateSendFailed: 'Template gagal dikirim',
  // issue 25: 'Mulai Percakapan' from a WhatsApp Cloud API number
  startTemplateLegend: 'Template Pesan',
  startTemplateNote: 'Nomor WhatsApp Cloud API memulai percakapan dengan template pesan yang disetujui Meta.',
  startTemplateRequired: 'Pilih template pesan terlebih dahulu',
} as const;
