/**
 * The inbox's team shortcuts (issue 21): resolve or reopen the open chat, take it, switch the
 * composer between a reply and an internal note. Each works while typing (Alt is held). Listed on
 * the '?' sheet from this array.
 */
export interface TeamShortcut {
  id: 'resolve' | 'take' | 'note';
  /** the keys as shown, e.g. ['Alt', 'R'] */
  keys: readonly string[];
  /** what it does, in Indonesian */
  label: string;
  /** KeyboardEvent.code of the letter (Alt changes `key` on macOS) */
  code: string;
}

export const TEAM_SHORTCUTS: readonly TeamShortcut[] = [
  { id: 'resolve', keys: ['Alt', 'R'], label: 'Selesaikan atau buka kembali percakapan', code: 'KeyR' },
  { id: 'take', keys: ['Alt', 'A'], label: 'Ambil percakapan yang belum ditugaskan', code: 'KeyA' },
  { id: 'note', keys: ['Alt', 'N'], label: 'Ganti antara balasan dan catatan internal', code: 'KeyN' },
];

/** The team shortcut a key press means, if any: Alt and the letter, no other modifier. */
export function matchTeamShortcut(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): TeamShortcut['id'] | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  return TEAM_SHORTCUTS.find((s) => s.code === event.code)?.id ?? null;
}
