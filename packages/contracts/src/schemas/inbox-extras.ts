import { z } from 'zod';
import { LIMITS } from '../limits';
import { chatPage } from './chat';

/**
 * Issue 21 parts 5, 6, 7 and 10: search hits, the message position, failed messages, and the
 * Indonesian texts of the keyboard, attention and phone additions (the spec gives none of these).
 */
export const INBOX_EXTRA_MESSAGES = {
  skipToList: 'Lewati ke daftar percakapan',
  /** on a phone with a chat open (the list is not shown): to the reply box */
  skipToReply: 'Lewati ke kotak balasan',
  shortcutsTitle: 'Pintasan Keyboard',
  shortcutsOpen: 'Pintasan keyboard',
  shortcutsInbox: 'Kotak masuk',
  shortcutsRoom: 'Ruang percakapan',
  shortcutsTeam: 'Tim',
  keyNext: 'Percakapan berikutnya',
  keyPrevious: 'Percakapan sebelumnya',
  keyOpen: 'Buka percakapan yang dipilih',
  keySearch: 'Cari percakapan',
  keyEscape: 'Tutup pratinjau, lalu percakapan (kembali ke daftar)',
  keySend: 'Kirim pesan',
  keyNewline: 'Baris baru',
  keyHelp: 'Tampilkan pintasan ini',
  searchHitLabel: 'Pesan yang cocok',
  retry: 'Kirim ulang',
  remove: 'Hapus',
  retryFailed: 'Pesan gagal dikirim ulang',
  removeFailed: 'Pesan gagal dihapus',
  /** a retry or delete of a message that did not fail */
  notFailed: 'Hanya pesan yang gagal terkirim yang dapat dikirim ulang atau dihapus',
  messageNotFound: 'Pesan tidak ditemukan',
  soundLabel: 'Bunyi pesan baru',
  soundOn: 'Bunyikan suara saat pelanggan mengirim pesan baru',
  phoneHint: 'Tanpa 0 di depan; kode negara dipilih di sebelah kiri',
  linkOpens: 'membuka tab baru',
} as const;

/** A message of a listed chat that matches the search: the newest one not deleted. */
export const searchHit = z.object({
  chatId: z.string(),
  messageId: z.string(),
  /** the message's text, cut to a window around the first match when long */
  text: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

/**
 * GET /chat's answer: the spec's `{docs, hasNextPage}`, and with a search the page's matching
 * messages beside them (`hits`, at most one a chat).
 */
export const chatSearchPage = chatPage.extend({ hits: z.array(searchHit).optional() });
export type ChatSearchPage = z.infer<typeof chatSearchPage>;

/** GET /chat/{id}/message/{messageId}/page: which page of the message list holds a message. */
export const messagePositionParams = z.object({ id: z.string(), messageId: z.string() });
export const messagePositionQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.messagePageSize),
});
export const messagePosition = z.object({ page: z.number().int().min(1) });
export type MessagePosition = z.infer<typeof messagePosition>;
