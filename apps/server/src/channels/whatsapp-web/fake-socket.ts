import { EventEmitter } from 'node:events';
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage, WAMessageKey } from 'baileys';
import type { SocketFactory, SocketOptions, WaSocket } from './socket';

/** A Baileys socket for tests (reference §1.10): a node:events emitter that records what was asked of it. */
export class FakeSocket {
  readonly ev = new EventEmitter();
  user: { id: string } | undefined = undefined;
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  readonly reads: WAMessageKey[][] = [];
  readonly pairingRequests: string[] = [];
  /** each onWhatsApp call's JIDs */
  readonly checks: string[][] = [];
  logouts = 0;
  ended = false;
  /** when set, sendMessage waits for it (a process that dies mid-send) */
  sendGate: Promise<void> | null = null;
  readonly signalRepository = {
    lidMapping: { getPNForLID: async (lid: string) => this.factory.lidToPn.get(lid) ?? null },
  };

  constructor(
    readonly options: SocketOptions,
    private readonly factory: FakeFactory,
  ) {}

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
    this.sent.push({ jid, content, options });
    if (this.sendGate) await this.sendGate;
    const failure = this.factory.sendErrors.shift();
    if (failure) throw failure;
    return { key: { remoteJid: jid, id: options?.messageId, fromMe: true } } as WAMessage;
  }
  async readMessages(keys: WAMessageKey[]) {
    this.reads.push(keys);
  }
  /** like Baileys: only the registered numbers come back (numbers in factory.notOnWhatsapp do not) */
  async onWhatsApp(...jids: string[]) {
    this.checks.push(jids);
    return jids
      .filter((jid) => !this.factory.notOnWhatsapp.has(jid.split('@')[0]!))
      .map((jid) => ({ jid, exists: true }));
  }
  async requestPairingCode(phone: string) {
    this.pairingRequests.push(phone);
    return 'ABCD1234';
  }
  async groupFetchAllParticipating() {
    return { '120363@g.us': { id: '120363@g.us', subject: 'Tim Toko', participants: [{}, {}, {}] } };
  }
  async profilePictureUrl(jid: string) {
    if (jid.startsWith('62899')) throw new Error('not-authorized');
    return `https://pps.whatsapp.net/${jid.split('@')[0]}.jpg`;
  }
  async updateMediaMessage(message: WAMessage) {
    this.factory.reuploads.push(message.key.id ?? '');
    return message;
  }
  async downloadMedia(message: WAMessage): Promise<Buffer> {
    const id = message.key.id ?? '';
    const queue = this.factory.media.get(id) ?? [];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (!next) throw Object.assign(new Error('gone'), { output: { statusCode: 410 } });
    if (next instanceof Error) throw next;
    return next;
  }
  async logout() {
    this.logouts += 1;
  }
  end() {
    this.ended = true;
  }
}

export class FakeFactory {
  readonly sockets: FakeSocket[] = [];
  /** media bytes (or errors, in order) by message id */
  readonly media = new Map<string, (Buffer | Error)[]>();
  readonly reuploads: string[] = [];
  readonly lidToPn = new Map<string, string>();
  /** numbers (digits) onWhatsApp does not find */
  readonly notOnWhatsapp = new Set<string>();
  /** errors the next sendMessage calls throw, in order (after recording the call) */
  readonly sendErrors: Error[] = [];
  /** set to make the next opens fail like an unreachable WhatsApp */
  failOpen: Error | null = null;
  user: { id: string } | undefined = { id: '6281111111111:7@s.whatsapp.net' };

  readonly create: SocketFactory = async (options) => {
    if (this.failOpen) throw this.failOpen;
    const sock = new FakeSocket(options, this);
    sock.user = this.user;
    this.sockets.push(sock);
    return sock as unknown as WaSocket;
  };

  last(): FakeSocket {
    const sock = this.sockets.at(-1);
    if (!sock) throw new Error('no socket opened');
    return sock;
  }
}

/** A Boom-like close error as Baileys emits it. */
export function closeError(statusCode: number, message = 'Connection Closed'): Error {
  return Object.assign(new Error(message), { output: { statusCode } });
}
