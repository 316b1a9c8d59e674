import { randomUUID } from 'node:crypto';
import type { BaileysEventMap, ConnectionState, WAMessageKey, proto } from 'baileys';
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { WHATSAPP_MESSAGES, type AccountLinking, type AccountStatus } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, whatsappGroups } from '../../db/schema';
import type { BusMessage } from '../../events/bus';
import { toAccount } from '../../modules/account/service';
import { findMessageByExternalId, forgetAccount } from '../../modules/chat/kernel';
import { reportAccountTrouble, type AccountTroubleKind } from '../account-events';
import type { AccountRow } from '../connector';
import { loadBaileys } from './baileys';
import { dbAuthState, wipeAuth, type DbAuthState } from './auth-store';
import { WHATSAPP_WEB, type SocketSource } from './connector';
import type { WhatsappControl } from './control';
import {
  applyMessageUpdates,
  applyReceipts,
  ingestWaMessage,
  mergeLid,
  upsertContacts,
  type InboundSession,
} from './inbound';
import { jidUser } from './jid';
import type { PacingOptions } from './pacing';
import type { SocketFactory, WaEvent, WaSocket } from './socket';

export interface ManagerOptions {
  socketFactory: SocketFactory;
  /** this process's name in accounts.lease_holder */
  holderId?: string;
  leaseMs?: number;
  renewMs?: number;
  scanMs?: number;
  /** delay before reconnect attempt n (1, 2, ...); default 1 s doubling to 60 s, with jitter */
  backoffMs?: (attempt: number) => number;
  pacing?: PacingOptions;
  /** the first QR lives 60 s, later ones 20 s (reference §1.3) */
  qrFirstMs?: number;
  qrNextMs?: number;
  /**
   * how long a linked number may stay down (reconnecting) before the account-trouble listeners hear
   * 'disconnected' (channels/account-events.ts); a blip shorter than this is not news. Default 2 min.
   */
  disconnectGraceMs?: number;
}

type Linking = AccountLinking & { phoneNumber?: string | null };

interface Session extends InboundSession {
  generation: number;
  auth: DbAuthState;
  /** set while linking: how, and the phone for a pairing code */
  linking: { method: 'qr' | 'code'; phoneNumber: string | null } | null;
  qrCount: number;
  attempts: number;
  /** stopped on purpose: events of its sockets are ignored */
  closed: boolean;
  opened: boolean;
  queue: Promise<void>;
  reconnectTimer: NodeJS.Timeout | null;
  lastSeenWrite: number;
  /** set while a linked number is down: tells 'disconnected' once the grace period has passed */
  troubleTimer: NodeJS.Timeout | null;
}

const NETWORK = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|getaddrinfo/i;
const RECONNECT_CODES = new Set([408, 428, 500, 503, 411, 403]);
const LAST_SEEN_EVERY_MS = 60_000;

export function defaultBackoff(attempt: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + Math.random() / 2));
}

/**
 * Holds the WhatsApp Web sockets of this process (ARCHITECTURE: one socket per number, in one process).
 * A number's socket lives in the process holding its lease (accounts.lease_holder, renewed every
 * 10 s, 30 s long); a scan every 15 s takes over numbers whose holder died. The account API's wishes
 * arrive on the bus (kind 'whatsapp'); only the holder, or the process winning the lease, acts.
 */
export class WhatsappManager implements WhatsappControl, SocketSource {
  readonly holderId: string;
  private readonly sessions = new Map<string, Session>();
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly scanMs: number;
  private readonly backoff: (attempt: number) => number;
  private readonly disconnectGraceMs: number;
  private started = false;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private readonly busy = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ManagerOptions,
  ) {
    this.holderId = options.holderId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.renewMs = options.renewMs ?? 10_000;
    this.scanMs = options.scanMs ?? 15_000;
    this.backoff = options.backoffMs ?? defaultBackoff;
    this.disconnectGraceMs = options.disconnectGraceMs ?? 120_000;
  }

  // ---- WhatsappControl ------------------------------------------------------------------------------

  async link(ownerId: string, accountId: string, method: 'qr' | 'code', phoneNumber?: string): Promise<void> {
    const linking: Linking = {
      method,
      qr: null,
      code: null,
      expiresAt: null,
      ...(method === 'code' && phoneNumber ? { phoneNumber } : {}),
    };
    const [row] = await this.ctx.db
      .update(accounts)
      .set({ status: 'connecting', statusReason: null, linking, waJid: null })
      .where(and(eq(accounts.id, accountId), eq(accounts.ownerId, ownerId), isNull(accounts.deletedAt)))
      .returning();
    if (!row) return;
    this.published(row);
    this.ctx.bus.publish({ kind: 'whatsapp', accountId, action: 'link' });
  }

  async logout(accountId: string): Promise<void> {
    const [row] = await this.ctx.db
      .update(accounts)
      .set({ status: 'logged_out', statusReason: null, linking: null })
      .where(eq(accounts.id, accountId))
      .returning();
    if (row) this.published(row);
    this.ctx.bus.publish({ kind: 'whatsapp', accountId, action: 'logout' });
    if (row) await this.trouble(row, 'logged-out');
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.unsubscribe = this.ctx.bus.subscribe((message) => this.onBus(message));
    const every = (ms: number, work: () => Promise<void>) => {
      const timer = setInterval(() => this.track(work()), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.renewMs, () => this.renewLeases());
    every(this.scanMs, () => this.scan());
    await this.track(this.scan());
  }

  /**
   * Ends every socket of this process and frees their leases so another process takes them at once.
   * `{release: false}` leaves the leases to expire (what a crashed process does; tests).
   */
  async stop(options: { release?: boolean } = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.allSettled([...this.busy]);
    for (const session of [...this.sessions.values()]) {
      this.endSession(session);
      await session.queue.catch(() => undefined);
      if (options.release !== false) await this.release(session.accountId);
    }
  }

  // ---- for the connector and tests -----------------------------------------------------------------

  /** The open socket of a number held by this process, else null. */
  liveSocket(accountId: string): WaSocket | null {
    const session = this.sessions.get(accountId);
    return session && !session.closed && session.opened ? session.sock : null;
  }

  /** Numbers with a session in this process. */
  heldAccounts(): string[] {
    return [...this.sessions.keys()];
  }

  /** Resolves when the number's queued events (and this process's pending bus work) are handled. */
  async idle(accountId?: string): Promise<void> {
    for (let i = 0; i < 20; i++) {
      await Promise.allSettled([...this.busy]);
      const sessions = accountId ? [this.sessions.get(accountId)] : [...this.sessions.values()];
      await Promise.all(sessions.map((s) => s?.queue.catch(() => undefined)));
      if (!this.busy.size) return;
    }
  }

  // ---- bus ------------------------------------------------------------------------------------------

  private onBus(message: BusMessage): void {
    if (message.kind !== 'whatsapp' || !this.started) return;
    const { accountId } = message;
    if (message.action === 'link') this.track(this.startLinking(accountId));
    else if (message.action === 'logout') this.track(this.doLogout(accountId));
    else this.track(this.doStop(accountId));
  }

  private track<T>(work: Promise<T>): Promise<T | undefined> {
    const guarded = work.catch((err: unknown) => {
      this.ctx.log.error({ err }, 'whatsapp manager task failed');
      return undefined;
    });
    this.busy.add(guarded);
    void guarded.finally(() => this.busy.delete(guarded));
    return guarded;
  }

  private async startLinking(accountId: string): Promise<void> {
    const existing = this.sessions.get(accountId);
    if (existing) {
      this.endSession(existing);
      await existing.queue.catch(() => undefined);
    } else if (!(await this.acquire(accountId))) {
      return; // another live process holds the number: it acts on this message
    }
    const [row] = await this.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!row || row.deletedAt) return this.release(accountId);
    const linking = (row.linking as Linking | null) ?? { method: 'qr' as const, phoneNumber: null };
    await wipeAuth(this.ctx.db, accountId);
    await this.open(row, { method: linking.method, phoneNumber: linking.phoneNumber ?? null });
  }

  private async doLogout(accountId: string): Promise<void> {
    const session = this.sessions.get(accountId);
    if (session) {
      const sock = session.sock;
      this.endSession(session, false);
      await session.queue.catch(() => undefined);
      await sock.logout().catch(() => undefined);
      sock.end(undefined);
    } else if (!(await this.acquire(accountId))) {
      return;
    }
    await wipeAuth(this.ctx.db, accountId);
    await this.release(accountId);
  }

  private async doStop(accountId: string): Promise<void> {
    const session = this.sessions.get(accountId);
    if (!session) return;
    this.endSession(session);
    await session.queue.catch(() => undefined);
    await this.release(accountId);
  }

  // ---- leases ---------------------------------------------------------------------------------------

  private leaseUntil() {
    return sql`now() + (${this.leaseMs}::int * interval '1 millisecond')`;
  }

  /** Takes the number's lease when free, expired or already ours; true when this process holds it. */
  private async acquire(accountId: string): Promise<boolean> {
    const rows = await this.ctx.db
      .update(accounts)
      .set({ leaseHolder: this.holderId, leaseExpiresAt: this.leaseUntil() })
      .where(
        and(
          eq(accounts.id, accountId),
          isNull(accounts.deletedAt),
          or(
            isNull(accounts.leaseHolder),
            eq(accounts.leaseHolder, this.holderId),
            lt(accounts.leaseExpiresAt, sql`now()`),
          ),
        ),
      )
      .returning({ id: accounts.id });
    return rows.length > 0;
  }

  private async release(accountId: string): Promise<void> {
    await this.ctx.db
      .update(accounts)
      .set({ leaseHolder: null, leaseExpiresAt: null })
      .where(and(eq(accounts.id, accountId), eq(accounts.leaseHolder, this.holderId)));
  }

  /** Renews every held lease; a number someone else took meanwhile is dropped at once. */
  private async renewLeases(): Promise<void> {
    for (const session of [...this.sessions.values()]) {
      if (session.closed) continue;
      const rows = await this.ctx.db
        .update(accounts)
        .set({ leaseExpiresAt: this.leaseUntil() })
        .where(
          and(
            eq(accounts.id, session.accountId),
            eq(accounts.leaseHolder, this.holderId),
            isNull(accounts.deletedAt),
          ),
        )
        .returning({ id: accounts.id });
      if (!rows.length) {
        this.ctx.log.warn({ accountId: session.accountId }, 'whatsapp lease lost: closing the socket');
        this.endSession(session);
      }
    }
  }

  /** Opens the numbers that should be connected and that no live process holds. */
  private async scan(): Promise<void> {
    if (!this.started) return;
    const rows = await this.ctx.db
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.provider, WHATSAPP_WEB),
          isNull(accounts.deletedAt),
          or(
            inArray(accounts.status, ['connecting', 'waiting_scan', 'connected']),
            // lost after being linked (not an expired QR or a failed linking): keep trying
            and(
              eq(accounts.status, 'disconnected'),
              isNotNull(accounts.waJid),
              ne(sql`coalesce(${accounts.statusReason}, '')`, WHATSAPP_MESSAGES.qrExpired),
            ),
          ),
          or(isNull(accounts.leaseHolder), lt(accounts.leaseExpiresAt, sql`now()`)),
        ),
      );
    for (const row of rows) {
      if (!this.started || this.sessions.has(row.id)) continue;
      if (!(await this.acquire(row.id))) continue;
      const linking = row.linking as Linking | null;
      const linked = row.status === 'connected' || row.status === 'disconnected';
      await this.open(
        row,
        linked || !linking ? null : { method: linking.method, phoneNumber: linking.phoneNumber ?? null },
      );
    }
  }

  // ---- sessions -------------------------------------------------------------------------------------

  private logger(accountId: string): Logger {
    const level = this.ctx.log.level === 'silent' ? 'silent' : 'warn';
    return this.ctx.log.child({ module: 'baileys', accountId }, { level }) as unknown as Logger;
  }

  private async open(row: AccountRow, linking: Session['linking']): Promise<void> {
    const session: Session = {
      accountId: row.id,
      ownerId: row.ownerId,
      sock: null as unknown as WaSocket,
      pictures: new Map(),
      generation: 0,
      auth: await dbAuthState(this.ctx.db, row.id),
      linking,
      qrCount: 0,
      attempts: 0,
      closed: false,
      opened: false,
      queue: Promise.resolve(),
      reconnectTimer: null,
      lastSeenWrite: 0,
      troubleTimer: null,
    };
    this.sessions.set(row.id, session);
    await this.connect(session);
  }

  /** Stops a session: its socket ends and its later events are ignored. */
  private endSession(session: Session, endSocket = true): void {
    session.closed = true;
    session.opened = false;
    if (session.reconnectTimer) clearTimeout(session.reconnectTimer);
    session.reconnectTimer = null;
    if (session.troubleTimer) clearTimeout(session.troubleTimer);
    session.troubleTimer = null;
    if (this.sessions.get(session.accountId) === session) this.sessions.delete(session.accountId);
    // work still queued for it (the close being handled: its status, the lease) stays visible to idle()
    this.track(session.queue.catch(() => undefined));
    if (endSocket && session.sock) {
      try {
        session.sock.end(undefined);
      } catch {
        // already closed
      }
    }
  }

  private enqueue(session: Session, work: () => Promise<void>): void {
    session.queue = session.queue.then(work).catch((err: unknown) => {
      this.ctx.log.error({ err, accountId: session.accountId }, 'whatsapp event failed');
    });
  }

  private async getMessage(accountId: string, key: WAMessageKey): Promise<proto.IMessage | undefined> {
    if (!key.id) return undefined;
    const row = await findMessageByExternalId(this.ctx, accountId, key.id);
    return row ? { conversation: row.text } : undefined;
  }

  private async connect(session: Session): Promise<void> {
    if (session.closed) return;
    const generation = ++session.generation;
    session.opened = false;
    let sock: WaSocket;
    try {
      sock = await this.options.socketFactory({
        auth: session.auth.state,
        logger: this.logger(session.accountId),
        getMessage: (key) => this.getMessage(session.accountId, key),
      });
    } catch (error) {
      this.enqueue(session, () => this.onClose(session, error));
      return;
    }
    if (session.closed || generation !== session.generation) {
      sock.end(undefined);
      return;
    }
    session.sock = sock;
    const live = () => !session.closed && generation === session.generation;
    const on = <E extends WaEvent>(event: E, handler: (arg: BaileysEventMap[E]) => Promise<void>) => {
      sock.ev.on(event, (arg) => {
        if (live()) this.enqueue(session, () => (live() ? handler(arg) : Promise.resolve()));
      });
    };
    sock.ev.on('creds.update', (update) => {
      if (!live()) return;
      Object.assign(session.auth.state.creds, update);
      session.auth
        .saveCreds()
        .catch((err: unknown) => this.ctx.log.error({ err }, 'whatsapp creds not saved'));
    });
    on('connection.update', (update) => this.onConnection(session, update));
    on('messages.upsert', async ({ messages: list }) => {
      this.touch(session);
      for (const message of list) {
        await ingestWaMessage(this.ctx, session, message).catch((err: unknown) =>
          this.ctx.log.warn({ err, accountId: session.accountId }, 'whatsapp message not ingested'),
        );
      }
    });
    on('messages.update', (updates) => applyMessageUpdates(this.ctx, session, updates));
    on('message-receipt.update', (receipts) => applyReceipts(this.ctx, session.accountId, receipts));
    on('contacts.upsert', (contacts) => upsertContacts(this.ctx, session.accountId, contacts));
    on('contacts.update', (contacts) => upsertContacts(this.ctx, session.accountId, contacts));
    on('messaging-history.set', async ({ contacts, lidPnMappings }) => {
      await upsertContacts(this.ctx, session.accountId, contacts ?? []);
      for (const m of lidPnMappings ?? []) await mergeLid(this.ctx, session.accountId, m.lid, m.pn);
    });
    on('lid-mapping.update', async ({ lid, pn }) => {
      await upsertContacts(this.ctx, session.accountId, [{ id: pn, lid }]);
    });
    on('groups.upsert', (groups) => this.saveGroups(session.accountId, groups));
    on('groups.update', (groups) => this.saveGroups(session.accountId, groups));
  }

  private async onConnection(session: Session, update: Partial<ConnectionState>): Promise<void> {
    if (update.qr) await this.onQr(session, update.qr);
    if (update.connection === 'open') await this.onOpen(session);
    if (update.connection === 'close') await this.onClose(session, update.lastDisconnect?.error);
  }

  private async onQr(session: Session, qr: string): Promise<void> {
    session.qrCount += 1;
    const first = session.qrCount === 1;
    const linking = session.linking ?? { method: 'qr' as const, phoneNumber: null };
    session.linking = linking;
    const now = this.ctx.clock.now().getTime();
    if (linking.method === 'code') {
      if (!first || session.auth.state.creds.registered || !linking.phoneNumber) return;
      const code = await session.sock.requestPairingCode(linking.phoneNumber);
      await this.setStatus(session.accountId, 'waiting_scan', null, {
        method: 'code',
        qr: null,
        code,
        expiresAt: null,
        phoneNumber: linking.phoneNumber,
      });
      return;
    }
    const lifetime = first ? (this.options.qrFirstMs ?? 60_000) : (this.options.qrNextMs ?? 20_000);
    await this.setStatus(session.accountId, 'waiting_scan', null, {
      method: 'qr',
      qr,
      code: null,
      expiresAt: new Date(now + lifetime).toISOString(),
    });
  }

  private async onOpen(session: Session): Promise<void> {
    // open after a QR scan or a pairing code: a new link (bulk sends warm up from here)
    const linked = session.linking !== null;
    session.opened = true;
    session.attempts = 0;
    session.linking = null;
    session.qrCount = 0;
    if (session.troubleTimer) clearTimeout(session.troubleTimer);
    session.troubleTimer = null;
    const jid = session.sock.user?.id ? await this.normalizedJid(session.sock.user.id) : null;
    const now = this.ctx.clock.now();
    session.lastSeenWrite = now.getTime();
    await this.setStatus(session.accountId, 'connected', null, null, {
      lastSeenAt: now,
      ...(linked ? { linkedAt: now } : {}),
      ...(jid ? { waJid: jid, phoneNumber: jidUser(jid) } : {}),
    });
    const sock = session.sock;
    // in the background, but tracked: idle() (and so a clean stop) waits for it
    this.track(
      sock
        .groupFetchAllParticipating()
        .then((groups) => this.saveGroups(session.accountId, Object.values(groups)))
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'whatsapp groups not fetched')),
    );
  }

  private async normalizedJid(id: string): Promise<string> {
    const { jidNormalizedUser } = await loadBaileys();
    return jidNormalizedUser(id);
  }

  private async onClose(session: Session, error: unknown): Promise<void> {
    if (session.closed) return;
    session.opened = false;
    const boom = error as { output?: { statusCode?: number }; message?: string } | undefined;
    const code = boom?.output?.statusCode;
    const text = `${boom?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
    const network = NETWORK.test(text);
    const linking = !!session.linking;

    if (code === 515) {
      // after a scan or pairing WhatsApp asks for a new socket on the same (now registered) creds
      await this.connect(session);
      return;
    }
    if (code === 401) {
      this.endSession(session);
      await wipeAuth(this.ctx.db, session.accountId);
      await this.setStatus(session.accountId, 'logged_out', WHATSAPP_MESSAGES.loggedOut, null);
      await this.release(session.accountId);
      if (!linking) await this.trouble(session, 'logged-out');
      return;
    }
    if (code === 440) {
      this.endSession(session);
      await this.setStatus(session.accountId, 'replaced', WHATSAPP_MESSAGES.replaced, null);
      await this.release(session.accountId);
      if (!linking) await this.trouble(session, 'disconnected');
      return;
    }
    if (linking) {
      // while linking nothing is retried: the page says why, the owner clicks "Tautkan" again
      const reason =
        code === 408 && session.qrCount > 0 && !network
          ? WHATSAPP_MESSAGES.qrExpired
          : WHATSAPP_MESSAGES.unreachable;
      this.endSession(session);
      await this.setStatus(session.accountId, 'disconnected', reason, null);
      await this.release(session.accountId);
      return;
    }
    const reason = network
      ? WHATSAPP_MESSAGES.unreachable
      : code === 403
        ? WHATSAPP_MESSAGES.restricted
        : WHATSAPP_MESSAGES.reconnecting;
    if (code !== undefined && !RECONNECT_CODES.has(code) && !network) {
      this.ctx.log.warn({ code, accountId: session.accountId }, 'whatsapp closed with an unknown code');
    }
    await this.setStatus(session.accountId, 'disconnected', reason, null);
    this.watchOutage(session);
    session.attempts += 1;
    const delay = this.backoff(session.attempts);
    session.reconnectTimer = setTimeout(() => {
      session.reconnectTimer = null;
      this.enqueue(session, () => this.connect(session));
    }, delay);
    session.reconnectTimer.unref();
  }

  /**
   * A linked number went down and reconnects: unless it is back within the grace period, the
   * account-trouble listeners hear 'disconnected' (once per outage; the timer ends when it opens).
   */
  private watchOutage(session: Session): void {
    if (session.troubleTimer) return;
    session.troubleTimer = setTimeout(() => {
      this.enqueue(session, async () => {
        if (session.closed || session.opened) return;
        await this.trouble(session, 'disconnected');
      });
    }, this.disconnectGraceMs);
    session.troubleTimer.unref();
  }

  private async trouble(
    account: { accountId: string; ownerId: string } | AccountRow,
    kind: AccountTroubleKind,
  ): Promise<void> {
    const accountId = 'accountId' in account ? account.accountId : account.id;
    await reportAccountTrouble(this.ctx, { accountId, ownerId: account.ownerId, kind });
  }

  private touch(session: Session): void {
    const now = this.ctx.clock.now();
    if (now.getTime() - session.lastSeenWrite < LAST_SEEN_EVERY_MS) return;
    session.lastSeenWrite = now.getTime();
    void this.ctx.db
      .update(accounts)
      .set({ lastSeenAt: now })
      .where(eq(accounts.id, session.accountId))
      .catch(() => undefined);
  }

  private async saveGroups(
    accountId: string,
    groups: { id?: string; subject?: string; participants?: unknown[] }[],
  ): Promise<void> {
    const now = this.ctx.clock.now();
    for (const g of groups) {
      if (!g.id) continue;
      const participants = g.participants?.length ?? 0;
      await this.ctx.db
        .insert(whatsappGroups)
        .values({ accountId, jid: g.id, name: g.subject ?? '', participants, updatedAt: now })
        .onConflictDoUpdate({
          target: [whatsappGroups.accountId, whatsappGroups.jid],
          set: {
            ...(g.subject !== undefined ? { name: g.subject } : {}),
            ...(g.participants ? { participants } : {}),
            updatedAt: now,
          },
        });
    }
  }

  private async setStatus(
    accountId: string,
    status: AccountStatus,
    statusReason: string | null,
    linking: Linking | null,
    extra: Partial<Pick<AccountRow, 'waJid' | 'phoneNumber' | 'lastSeenAt' | 'linkedAt'>> = {},
  ): Promise<void> {
    const [before] = await this.ctx.db
      .select({ status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    const [row] = await this.ctx.db
      .update(accounts)
      .set({ status, statusReason, linking, ...extra })
      .where(eq(accounts.id, accountId))
      .returning();
    if (!row) return;
    this.published(row);
    if (before && before.status !== status) {
      await this.ctx.chatHooks
        .connectionChanged({
          ownerId: row.ownerId,
          accountId: row.id,
          status,
          previous: before.status as AccountStatus,
          reason: statusReason,
          phoneNumber: row.phoneNumber,
        })
        .catch((err: unknown) => this.ctx.log.error({ err, accountId }, 'connection listener failed'));
    }
  }

  private published(row: AccountRow): void {
    forgetAccount(this.ctx, row.id);
    this.ctx.bus.publish({
      kind: 'tenant',
      ownerId: row.ownerId,
      event: { type: 'account.updated', chat: null, message: null, account: toAccount(row) },
    });
  }
}
