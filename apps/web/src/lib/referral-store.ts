import { STORAGE_KEYS } from '@sapa/contracts';

/** The referral code (query parameter `r` on public routes), kept apart from the session (spec §2, §3). */
export const referralStore = {
  get(): string | null {
    try {
      return window.localStorage.getItem(STORAGE_KEYS.referral) || null;
    } catch {
      return null;
    }
  },
  /** Saves `r` from a query string such as `?r=ABC123`; does nothing when absent. */
  capture(search: string): void {
    const code = new URLSearchParams(search).get('r')?.trim();
    if (!code) return;
    try {
      window.localStorage.setItem(STORAGE_KEYS.referral, code.slice(0, 50));
    } catch {
      // storage disabled: the code is simply not kept
    }
  },
  clear(): void {
    try {
      window.localStorage.removeItem(STORAGE_KEYS.referral);
    } catch {
      // nothing stored
    }
  },
};
