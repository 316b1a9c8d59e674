/** Wide enough for the list, the chat and the docked 'Info Percakapan' side by side (issue 21). */
export const DOCK_MEDIA_QUERY = '(min-width: 1400px)';
const STORAGE_KEY = 'sapa.chatInfoDocked';

/** Whether the user left the panel open (kept across chats and visits). */
export function readDocked(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeDocked(docked: boolean): void {
  try {
    if (docked) window.localStorage.setItem(STORAGE_KEY, '1');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // private mode: the panel just does not stay open
  }
}
