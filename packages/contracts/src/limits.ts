/** Business constants and limits of spec §9, shared by server and web. */
export const LIMITS = {
  chatPageSize: 20,
  messagePageSize: 20,
  filterPageSize: 20,
  pickerPageSize: 20,
  contactPickerPageSize: 50,
  templatePageSize: 50,
  senderAccountListSize: 200,
  phoneMaxLength: 20,
  phoneMinLength: 8,
  defaultDial: '62',
  maxAttachmentBytes: 10 * 1024 * 1024,
  instagramReplyWindowMs: 24 * 60 * 60 * 1000,
  tabCountCap: 99,
  toastTimeoutMs: 3000,
  toastShortTimeoutMs: 1500,
  socketReconnectMs: 3000,
  scrollToBottomDelayMs: 100,
  temporaryIdLength: 20,
  composerMinHeightPx: 40,
  composerMaxHeightPx: 120,
  selectorMaxHeightPx: 200,
  yearOptions: [2024, 2025],
  /** Names, labels and other short free text. */
  nameMaxLength: 100,
  emailMaxLength: 254,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  verificationCodeLength: 6,
  trialDays: 7,
  maxPageSize: 200,
} as const;

/** Storage keys in the browser's localStorage (spec §9: one for the session, one for the referral code). */
export const STORAGE_KEYS = {
  session: 'sapa.session',
  referral: 'sapa.referral',
} as const;

/** Shows a count as the spec's tab badges do: 99+ above 99. */
export function capCount(count: number): string {
  return count > LIMITS.tabCountCap ? `${LIMITS.tabCountCap}+` : String(count);
}
