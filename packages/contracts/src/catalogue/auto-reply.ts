/**
 * Indonesian texts of automatic replies and the first-run checklist (issue 21 parts 8 and 9): the
 * spec gives none of these.
 */
export const AUTO_REPLY_MESSAGES = {
  title: 'Balasan Otomatis',
  description:
    'Jam kerja nomor ini (WIB, Asia/Jakarta), pesan saat di luar jam kerja dan sapaan untuk pelanggan baru.',
  ownerOnly: 'Hanya pemilik akun yang dapat mengubah balasan otomatis',
  saved: 'Balasan otomatis berhasil disimpan',
  timeInvalid: 'Jam harus berformat JJ:MM, misalnya 08:00',
  closeAfterOpen: 'Jam tutup harus setelah jam buka',
  dayInvalid: 'Hari tidak valid',
  dayTwice: 'Setiap hari hanya boleh memiliki satu jam kerja',
  awayRequired: 'Pesan di luar jam kerja wajib diisi jika diaktifkan',
  greetingRequired: 'Pesan sapaan wajib diisi jika diaktifkan',
  textTooLong: 'Pesan maksimal {max} karakter',
  // web
  menuItem: 'Balasan Otomatis',
  back: 'Kembali ke Nomor WhatsApp',
  hoursTitle: 'Jam kerja',
  hoursHint:
    'Waktu dalam WIB (Asia/Jakarta). Hari tanpa centang dianggap tutup. Jam tutup harus setelah jam buka (tidak melewati tengah malam).',
  openLabel: 'Buka',
  closeLabel: 'Tutup',
  closedDay: 'Tutup',
  dayOpenLabel: 'Buka pada hari {day}',
  openTimeLabel: 'Jam buka hari {day}',
  closeTimeLabel: 'Jam tutup hari {day}',
  copyMonday: 'Salin jam Senin ke semua hari',
  copyMondayNeedsMonday: 'Atur jam kerja hari Senin terlebih dahulu',
  noHours: 'Belum ada hari kerja: semua waktu dihitung di luar jam kerja.',
  awayTitle: 'Pesan di luar jam kerja',
  awaySwitch: 'Kirim pesan di luar jam kerja',
  awayHint:
    'Dikirim sekali per percakapan setiap kali di luar jam kerja: jika pelanggan menulis lagi sebelum jam kerja dimulai kembali, pesan ini tidak dikirim ulang.',
  awayLabel: 'Isi pesan di luar jam kerja',
  awayPlaceholder:
    'Terima kasih sudah menghubungi kami. Kami sedang di luar jam kerja dan akan membalas secepatnya pada jam kerja berikutnya.',
  greetingTitle: 'Pesan sapaan',
  greetingSwitch: 'Kirim sapaan untuk pesan pertama pelanggan',
  greetingHint:
    'Dikirim sekali saat pelanggan memulai percakapan baru. Di luar jam kerja (jika pesan di luar jam kerja aktif), hanya pesan di luar jam kerja yang dikirim.',
  greetingLabel: 'Isi pesan sapaan',
  greetingPlaceholder: 'Halo! Terima kasih sudah menghubungi kami. Ada yang bisa kami bantu?',
  preview: 'Pratinjau',
  previewEmpty: 'Tulis pesan untuk melihat pratinjaunya.',
  automaticBadge: 'Balasan otomatis',
  rules:
    'Balasan otomatis tidak dikirim ke grup, status, pesan yang Anda kirim sendiri, atau pesan lama yang tersinkron dari ponsel.',
  nowOpen: 'Saat ini dalam jam kerja',
  nowClosed: 'Saat ini di luar jam kerja',
  save: 'Simpan',
  loadFailed: 'Pengaturan balasan otomatis gagal dimuat',
  retry: 'Muat ulang',
  notFound: 'Nomor WhatsApp tidak ditemukan',
} as const;

/** Senin first, as an Indonesian week reads; `day` is JavaScript's (0 = Minggu). */
export const WEEKDAYS_ID: readonly { day: number; name: string }[] = [
  { day: 1, name: 'Senin' },
  { day: 2, name: 'Selasa' },
  { day: 3, name: 'Rabu' },
  { day: 4, name: 'Kamis' },
  { day: 5, name: 'Jumat' },
  { day: 6, name: 'Sabtu' },
  { day: 0, name: 'Minggu' },
];

/** The first-run checklist a new owner sees in the inbox (issue 21 part 9). */
export const ONBOARDING_MESSAGES = {
  title: 'Mulai menggunakan Sapa',
  ownerOnly: 'Hanya pemilik akun yang dapat melihat panduan memulai',
  progress: '{done} dari {total} langkah selesai',
  /** the phone's one-line form of the checklist above the chat list, and its button */
  show: 'Lihat langkah',
  dismiss: 'Sembunyikan',
  dismissLabel: 'Sembunyikan panduan memulai',
  stepDone: 'Selesai',
  whatsapp: 'Tautkan nomor WhatsApp atau coba Sandbox',
  whatsappHint: 'Tautkan nomor bisnis Anda, atau kirim pesan dari simulator pelanggan Sandbox.',
  agent: 'Undang agen',
  agentHint: 'Tambahkan anggota tim untuk membalas percakapan bersama.',
  template: 'Tambah template pesan',
  templateHint: 'Simpan jawaban yang sering dipakai agar bisa dikirim dengan cepat.',
  contacts: 'Impor kontak',
  contactsHint: 'Impor daftar pelanggan ke grup kontak untuk broadcast.',
} as const;
