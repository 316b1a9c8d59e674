import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RealtimeEvent, SandboxStatus } from '@sapa/contracts';

/** What travels between processes: an event for one tenant's sessions, or for one simulator chat. */
export type BusMessage =
  /** an event for the tenant's open sockets; with `recipientId`, for that teammate's alone */
  | { kind: 'tenant'; ownerId: string; event: RealtimeEvent; recipientId?: string }
  | { kind: 'sandbox'; accountId: string; phone: string; message: SandboxWireMessage }
  /** the sandbox number posted a WhatsApp Status: every simulator open on that account shows it */
  | { kind: 'sandbox-status'; accountId: string; status: SandboxStatus }
  | { kind: 'wake'; queue: 'jobs' }
  /**
   * A WhatsApp Web number must (re)link, stop or log out: the process holding its socket (or able to
   * take its lease) acts; the others ignore it.
   */
  | { kind: 'whatsapp'; accountId: string; action: 'link' | 'stop' | 'logout' }
  /** A number's API token was reset or the number deleted: every process forgets its token. */
  | { kind: 'api-token'; accountId: string }
  /** Sessions ended: every process drops them from its session cache. */
  | {
      kind: 'revoke';
      sessionId?: string;
      subject?: { kind: 'user' | 'agent' | 'admin'; subjectId: string };
      exceptSessionId?: string;
      /** every session of this tenant, the owner's and their agents' (a disabled owner) */
      ownerId?: string;
    };

export interface SandboxWireMessage {
  _id: string;
  text: string;
  isFromMe: boolean;
  status: string;
  createdAt: string;
}

/** Publish after commit; every process's subscribers receive every message (theirs to filter). */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(message: BusMessage): void;
  subscribe(handler: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    publish: (message) => {
      emitter.emit('message', message);
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'sapa:events';

/** Redis pub/sub fan-out for several server processes; local handlers run on what Redis delivers. */
export async function redisBus(url: string, log: FastifyBaseLogger): Promise<EventBus> {
  const pub = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const sub = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  await Promise.all([pub.connect(), sub.connect()]);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  sub.on('message', (_channel: string, raw: string) => {
    try {
      local.emit('message', JSON.parse(raw) as BusMessage);
    } catch (err) {
      log.error({ err }, 'bad bus message');
    }
  });
  await sub.subscribe(CHANNEL);
  return {
    kind: 'redis',
    publish(message) {
      pub
        .publish(CHANNEL, JSON.stringify(message))
        .catch((err: unknown) => log.error({ err }, 'bus publish failed'));
    },
    subscribe(handler) {
      local.on('message', handler);
      return () => local.off('message', handler);
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
