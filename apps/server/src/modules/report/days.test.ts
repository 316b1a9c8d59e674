import fs from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as api from '@sapa/contracts';
import { PUBLICATION_MESSAGES as M, type MessageStatus } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { broadcastDays, broadcastRecipients, broadcasts, messages } from '../../db/schema';
import { ChatHooks } from '../chat/hooks';
import { applyStatus, applyStatusMany } from '../chat/receipts';
import { trackBroadcasts } from '../publication/broadcast/tracking';
import {
  customerSays,
  drainJobs,
  json,
  ownerWithSandbox,
  useTestApp,
  type Method,
} from '../../../test/helpers';

/**
 * Issue 24 part 2: a broadcast's counters and its days (broadcast_days) are kept in the transactions
 * that move its recipients. After a seeded random sequence of receipts (one and many at a time,
 * repeated and out of order), replies and stop words inside and outside the 72-hour window, resends
 * of failed messages, days passing, and transactions that die before their commit, both must equal
 * a recount of the recipient rows - the counters in total, the days day by day.
 */
const { t, call } = useTestApp({ env: { SAPA_BROADCAST_PACING: '0' } });
const req = (method: Method, url: string, token: string, payload?: unknown) =>
  call(method, `/api${url}`, token, payload as object | undefined);

/** mulberry32: a small seeded generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

class Crash extends Error {}
const survive = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => {
      if (!(error instanceof Crash)) throw error;
    },
  );

/** A receipt whose transaction dies after the listeners wrote (the process crashed before the commit). */
async function crashedReceipt(ctx: AppContext, messageId: string, to: MessageStatus, error: string | null) {
  await survive(
    ctx.db.transaction(async (tx) => {
      const rows = await tx
        .update(messages)
        .set({ status: to, ...(to === 'error' ? { errorMessage: error } : {}) })
        .where(eq(messages.id, messageId))
        .returning();
      for (const listener of ctx.chatHooks.statusListeners) await listener(tx, rows, to, error);
      throw new Crash();
    }),
  );
}

/** The broadcast listeners on a database whose transactions all die before their commit. */
function crashingReplies(ctx: AppContext) {
  const db = Object.create(ctx.db) as Db;
  db.transaction = (async (run: Parameters<Db['transaction']>[0]) =>
    ctx.db.transaction(async (tx) => {
      await run(tx);
      throw new Crash();
    })) as Db['transaction'];
  const crashing = Object.assign(Object.create(ctx) as AppContext, { db, chatHooks: new ChatHooks() });
  trackBroadcasts(crashing);
  return crashing.chatHooks.inboundListeners;
}

type Counts = Record<'sent' | 'delivered' | 'read' | 'replied' | 'failed' | 'optedOut', number>;
const zero = (): Counts => ({ sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, optedOut: 0 });
const day = (at: Date | null) => (at ? api.jakartaDay(at) : 'tanpa-waktu');

/** The counters and days a broadcast should have, counted from its recipient rows. */
async function recount(broadcastId: string) {
  const [broadcast] = await t.ctx.db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
  const rows = await t.ctx.db
    .select()
    .from(broadcastRecipients)
    .where(eq(broadcastRecipients.broadcastId, broadcastId));
  const total = { ...zero(), pending: 0, skipped: 0 };
  const days = new Map<string, Counts>();
  const add = (key: keyof Counts, at: Date | null) => {
    total[key] += 1;
    const entry = days.get(day(at)) ?? zero();
    entry[key] += 1;
    days.set(day(at), entry);
  };
  for (const r of rows) {
    if (r.state === 'pending') total.pending += 1;
    if (r.state === 'skipped') total.skipped += 1;
    if (['sent', 'unread', 'read'].includes(r.state)) add('sent', r.sentAt);
    if (['unread', 'read'].includes(r.state)) add('delivered', r.deliveredAt ?? r.sentAt);
    if (r.state === 'read') add('read', r.readAt);
    if (r.state === 'failed') add('failed', r.failedAt);
    const optedOut = r.reason === M.reasonOptedOut;
    if (r.repliedAt) add(optedOut ? 'optedOut' : 'replied', r.repliedAt);
    else if (optedOut) add('optedOut', broadcast!.createdAt);
  }
  return { total, days };
}

async function stored(broadcastId: string) {
  const [row] = await t.ctx.db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
  const dayRows = await t.ctx.db
    .select()
    .from(broadcastDays)
    .where(eq(broadcastDays.broadcastId, broadcastId));
  const days = new Map<string, Counts>();
  for (const d of dayRows) {
    const counts = {
      sent: d.sent,
      delivered: d.delivered,
      read: d.read,
      replied: d.replied,
      failed: d.failed,
    };
    if (Object.values(counts).some(Boolean) || d.optedOut)
      days.set(d.day, { ...counts, optedOut: d.optedOut });
  }
  const total = {
    sent: row!.sent,
    delivered: row!.delivered,
    read: row!.read,
    replied: row!.replied,
    failed: row!.failed,
    optedOut: row!.optedOut,
    pending: row!.pending,
    skipped: row!.skipped,
  };
  return { total, days };
}

const sorted = (days: Map<string, Counts>) => [...days.entries()].sort(([a], [b]) => a.localeCompare(b));

describe('broadcast counters and days', () => {
  for (const seed of [24, 2024, 777]) {
    it(`equal a recount after a randomized sequence of receipts, replies and crashes (seed ${seed})`, async () => {
      const next = random(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
      const { token, accountId } = await ownerWithSandbox(t.app);
      const phones = Array.from({ length: 8 }, (_, i) => `62813${String(seed).padStart(4, '0')}00${i + 1}`);
      const crashReply = crashingReplies(t.ctx);
      const broadcastIds: string[] = [];
      const start = async (numbers: string[]) => {
        const res = await req('POST', '/publication/broadcast', token, {
          name: `Acak ${seed} ${broadcastIds.length + 1}`,
          accountIds: [accountId],
          phoneNumbers: numbers.join('\n'),
          message: { type: 'text', text: 'Promo' },
        });
        expect(res.statusCode, res.body).toBe(201);
        broadcastIds.push(json(res, api.broadcast)._id);
        await drainJobs(t);
      };
      await start(phones);
      const log: string[] = [];
      for (let step = 0; step < 100; step++) {
        if (step === 50) {
          // a second broadcast to some of them (a number that said stop is skipped as opted out)
          await start(phones.slice(0, 5));
          log.push('second broadcast');
          continue;
        }
        const recipients = await t.ctx.db
          .select()
          .from(broadcastRecipients)
          .where(inArray(broadcastRecipients.broadcastId, broadcastIds));
        const sendable = recipients.filter((r) => r.messageId);
        const r = sendable.length ? pick(sendable) : null;
        const op = next();
        if (r && op < 0.35) {
          // an error after the customer answered cannot happen: their answer proves delivery
          const to = pick<MessageStatus>(
            r.repliedAt
              ? ['sent', 'unread', 'read']
              : ['sent', 'unread', 'unread', 'read', 'error', 'error', 'error'],
          );
          const reason = pick(['koneksi terputus', 'nomor diblokir']);
          if (next() < 0.3) await crashedReceipt(t.ctx, r.messageId!, to, reason);
          else await applyStatus(t.ctx, { messageId: r.messageId! }, to, reason);
          log.push(`${to} ${r.phone}`);
        } else if (op < 0.45 && sendable.length) {
          const many = sendable.filter(() => next() < 0.4).map((s) => s.messageId!);
          const to = pick<MessageStatus>(['sent', 'unread', 'unread', 'read']);
          await applyStatusMany(t.ctx, many, to);
          log.push(`${to} x${many.length}`);
        } else if (op < 0.65) {
          const phone = pick(phones);
          const text = next() < 0.2 ? 'STOP' : 'Masih ada kak?';
          if (next() < 0.3) {
            const notice = {
              ownerId: recipients[0]!.ownerId,
              accountId,
              chatId: 'tidak-dipakai',
              messageId: 'tidak-dipakai',
              phone,
              type: 'text' as const,
              text,
              at: t.clock.now(),
              firstMessage: false,
            };
            for (const listener of crashReply) await survive(listener(notice));
            log.push(`crashed reply ${phone} ${text}`);
          } else {
            await customerSays(t.app, accountId, text, phone, 'Pembeli');
            log.push(`reply ${phone} ${text}`);
          }
        } else if (op < 0.75) {
          const failed = recipients.filter((f) => f.state === 'failed' && f.chatId);
          if (failed.length) {
            const f = pick(failed);
            const res = await req('POST', `/chat/${f.chatId}/message/${f.messageId}/retry`, token);
            log.push(`retry ${f.phone} ${res.statusCode}`);
            if (next() < 0.7) await drainJobs(t);
          }
        } else if (op < 0.9) {
          // up to a day: days pass, and replies fall in and out of the 72-hour window
          const ms = Math.floor(next() * 24 * 3600_000);
          t.clock.advance(ms);
          await drainJobs(t);
          log.push(`+${Math.round(ms / 60_000)} min`);
        } else {
          await drainJobs(t);
        }
      }
      for (const id of broadcastIds) {
        const expected = await recount(id);
        const actual = await stored(id);
        expect(actual.total, log.join('\n')).toEqual(expected.total);
        expect(sorted(actual.days), log.join('\n')).toEqual(sorted(expected.days));
      }
      // the migration's backfill (0021) counts the same days from the same rows
      const migration = fs
        .readFileSync(new URL('../../../drizzle/0021_report_days.sql', import.meta.url), 'utf8')
        .split('--> statement-breakpoint')
        .filter((statement) => statement.includes('INSERT INTO "broadcast_days"'));
      expect(migration).toHaveLength(2);
      const everyBroadcast = (await t.ctx.db.select({ id: broadcasts.id }).from(broadcasts)).map((b) => b.id);
      const daysOfAll = () => Promise.all(everyBroadcast.map(async (id) => sorted((await stored(id)).days)));
      const kept = await daysOfAll();
      await t.ctx.db.delete(broadcastDays);
      for (const statement of migration) await t.ctx.db.execute(sql.raw(statement));
      expect(await daysOfAll()).toEqual(kept);
      // the sequence did exercise what it is about
      const all = await Promise.all(broadcastIds.map(recount));
      const sum = (key: keyof Counts) => all.reduce((n, c) => n + c.total[key], 0);
      expect(sum('sent')).toBeGreaterThan(0);
      expect(log.some((l) => l.startsWith('retry'))).toBe(true);
      expect(log.some((l) => l.startsWith('crashed'))).toBe(true);
    });
  }
});
