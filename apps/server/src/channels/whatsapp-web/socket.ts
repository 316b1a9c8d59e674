import type {
  AnyMessageContent,
  AuthenticationState,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
  proto,
} from 'baileys';
import type { Logger } from 'pino';
import { loadBaileys } from './baileys';

export type WaEvent = keyof BaileysEventMap;

/** The part of Baileys' event emitter the manager uses; a node:events EventEmitter fits. */
export interface WaEventEmitter {
  on<E extends WaEvent>(event: E, listener: (arg: BaileysEventMap[E]) => void): unknown;
  off<E extends WaEvent>(event: E, listener: (arg: BaileysEventMap[E]) => void): unknown;
  emit<E extends WaEvent>(event: E, arg: BaileysEventMap[E]): boolean;
}

/**
 * The seam between the connector and Baileys (channels reference §1.10): everything the manager,
 * inbound and outbound code call on a socket. Tests hand in a fake built on node:events.
 */
export interface WaSocket {
  ev: WaEventEmitter;
  user?: { id: string; name?: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  /** which of these JIDs have WhatsApp: the registered ones only (reference §1.9) */
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  groupFetchAllParticipating(): Promise<
    Record<string, { id: string; subject?: string; participants?: unknown[] }>
  >;
  profilePictureUrl(jid: string, type?: 'image' | 'preview'): Promise<string | undefined>;
  /** asks the phone to upload expired media again; the returned message has fresh media keys */
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void;
  signalRepository?: { lidMapping?: { getPNForLID(lid: string): Promise<string | null | undefined> } };
  /** the bytes of a media message (Baileys' downloadMediaMessage), through the seam so fakes can answer */
  downloadMedia(message: WAMessage): Promise<Buffer>;
}

export interface SocketOptions {
  auth: AuthenticationState;
  logger: Logger;
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
}

/** Opens one socket for one number. Production: realSocketFactory; tests: a fake. */
export type SocketFactory = (options: SocketOptions) => Promise<WaSocket>;

/** The real thing: dials wss://web.whatsapp.com. Never used in tests. */
export const realSocketFactory: SocketFactory = async ({ auth, logger, getMessage }) => {
  const baileys = await loadBaileys();
  const sock = baileys.makeWASocket({
    auth: { creds: auth.creds, keys: baileys.makeCacheableSignalKeyStore(auth.keys, logger) },
    browser: baileys.Browsers.ubuntu('Sapa'),
    logger,
    markOnlineOnConnect: false,
    syncFullHistory: false,
    shouldSyncHistoryMessage: () => false,
    getMessage,
  });
  const downloadMedia = async (message: WAMessage): Promise<Buffer> =>
    (await baileys.downloadMediaMessage(
      message,
      'buffer',
      {},
      {
        logger,
        reuploadRequest: sock.updateMediaMessage,
      },
    )) as Buffer;
  return Object.assign(sock, { downloadMedia }) as unknown as WaSocket;
};

/**
 * The default when no factory is given (tests, scripts building the app): every attempt fails like an
 * unreachable WhatsApp, so nothing ever dials out by accident.
 */
export const unavailableSocketFactory: SocketFactory = async () => {
  throw new Error('WhatsApp socket factory not configured (getaddrinfo ENOTFOUND web.whatsapp.com)');
};
