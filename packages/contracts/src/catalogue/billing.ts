/** Subscriptions and payments (issue 22): the texts the server and the pages share. */
export const BILLING_MESSAGES = {
  ownerOnly: 'Hanya pemilik akun yang dapat membeli atau memperpanjang langganan',
  settingsSaved: 'Pengaturan langganan disimpan',
} as const;
