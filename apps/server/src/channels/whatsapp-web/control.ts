/**
 * What the account API asks of WhatsApp Web numbers, whichever process holds their sockets. The
 * implementation (manager.ts) stores the wish in the database and tells every process over the bus
 * (BusMessage kind 'whatsapp'); the process holding the number's lease, or able to take it, acts.
 */
export interface WhatsappControl {
  /**
   * Starts linking: wipes any old auth state, sets status 'connecting' with `linking` {method, qr: null,
   * code: null}, and opens a socket that will publish QR codes (or request a pairing code for
   * `phoneNumber`) as account.updated realtime events.
   */
  link(ownerId: string, accountId: string, method: 'qr' | 'code', phoneNumber?: string): Promise<void>;
  /** Logs the device out (when connected), stops the socket, wipes the auth state. */
  logout(accountId: string): Promise<void>;
  /** Boots this process's share of the numbers (called once the app listens) and stops them on close. */
  start(): Promise<void>;
  stop(): Promise<void>;
}
