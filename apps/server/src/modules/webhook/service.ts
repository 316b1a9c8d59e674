import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_MESSAGES as M,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEventType,
  type WebhookSettings,
  type webhookDeliveryQuery,
  type webhookSaveBody,
} from '@sapa/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { webhookEndpoints, webhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { seal } from '../../lib/secret-box';
import type { Actor } from '../auth/actor';
import { getWhatsappAccount } from '../account/service';
import { checkTarget } from './ssrf';

/** How long an event is retried (from when it happened, or from a replay). */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type EventRow = typeof webhookEvents.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toSettings(row: EndpointRow): WebhookSettings {
  return {
    url: row.url,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDelivery(row: EventRow): WebhookDelivery {
  return {
    _id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    lastDurationMs: row.lastDurationMs,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    body: row.body,
  };
}

/** A new signing secret: `whsec_` and 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

async function endpointOf(ctx: AppContext, accountId: string): Promise<EndpointRow | null> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .limit(1);
  return row ?? null;
}

/** GET: the number's webhook (owner only; a number of another tenant is 404). */
export async function getWebhook(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
): Promise<WebhookSettings | null> {
  await getWhatsappAccount(ctx, actor, accountId);
  const row = await endpointOf(ctx, accountId);
  return row ? toSettings(row) : null;
}

/** Refuses a URL whose host is (or resolves to) a private, loopback or link-local address. */
async function assertPublicTarget(ctx: AppContext, url: string): Promise<void> {
  const check = await checkTarget(new URL(url), ctx.config.webhooks.allowPrivate);
  if (check === 'private') throw new AppError('VALIDATION', M.urlPrivate, { url: M.urlPrivate });
  if (check === 'unresolvable')
    throw new AppError('VALIDATION', M.urlUnresolvable, { url: M.urlUnresolvable });
}

/**
 * PUT: sets the number's webhook URL and whether it is on. The first save makes the secret and
 * answers it (the only time it is shown); turning it on again clears the dispatcher's reason.
 */
export async function saveWebhook(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  input: z.output<typeof webhookSaveBody>,
): Promise<{ webhook: WebhookSettings; secret: string | null }> {
  const account = await getWhatsappAccount(ctx, actor, accountId);
  await assertPublicTarget(ctx, input.url);
  const now = ctx.clock.now();
  const secret = newSecret();
  const sealed = seal(ctx.config, secret);
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      accountId,
      ownerId: account.ownerId,
      url: input.url,
      secretSealed: sealed,
      enabled: input.enabled,
      disabledAt: input.enabled ? null : now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: webhookEndpoints.accountId,
      set: {
        url: input.url,
        enabled: input.enabled,
        disabledReason: null,
        // when it was turned off, kept while it stays off
        disabledAt: input.enabled ? null : sql`coalesce(${webhookEndpoints.disabledAt}, ${now})`,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('webhook not saved');
  // inserted now when its secret is the one sealed here
  const created = row.secretSealed === sealed;
  return { webhook: toSettings(row), secret: created ? secret : null };
}

/** POST rotate-secret: a new secret at once (the old one stops signing); shown once. */
export async function rotateSecret(ctx: AppContext, actor: Actor, accountId: string): Promise<string> {
  await getWhatsappAccount(ctx, actor, accountId);
  const secret = newSecret();
  const updated = await ctx.db
    .update(webhookEndpoints)
    .set({ secretSealed: seal(ctx.config, secret), updatedAt: ctx.clock.now() })
    .where(eq(webhookEndpoints.accountId, accountId))
    .returning({ accountId: webhookEndpoints.accountId });
  if (!updated.length) throw new AppError('NOT_FOUND', M.notSet);
  return secret;
}

/** DELETE: the webhook and its delivery log. */
export async function deleteWebhook(ctx: AppContext, actor: Actor, accountId: string): Promise<void> {
  await getWhatsappAccount(ctx, actor, accountId);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId))
      .returning({ accountId: webhookEndpoints.accountId });
    if (!removed.length) throw new AppError('NOT_FOUND', M.notSet);
    await tx.delete(webhookEvents).where(eq(webhookEvents.accountId, accountId));
  });
}

/** GET deliveries: the number's events, newest first. */
export async function listDeliveries(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: z.output<typeof webhookDeliveryQuery>,
): Promise<WebhookDeliveryPage> {
  await getWhatsappAccount(ctx, actor, accountId);
  const where = query.status
    ? and(eq(webhookEvents.accountId, accountId), eq(webhookEvents.status, query.status))
    : eq(webhookEvents.accountId, accountId);
  const rows = await ctx.db
    .select()
    .from(webhookEvents)
    .where(where)
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.seq))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toDelivery), hasNextPage: rows.length > query.limit };
}

/**
 * POST replay: the event goes out again (same id, same body, a fresh signature) at once, retried for
 * another 24 h; a delivered event too (the receiver lost it). Needs the webhook to be on.
 */
export async function replayDelivery(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await getWhatsappAccount(ctx, actor, accountId);
  const endpoint = await endpointOf(ctx, accountId);
  if (!endpoint) throw new AppError('NOT_FOUND', M.notSet);
  if (!endpoint.enabled) throw new AppError('VALIDATION', M.enableFirst);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(webhookEvents)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
      lockedUntil: null,
      deliveredAt: null,
    })
    .where(and(eq(webhookEvents.id, deliveryId), eq(webhookEvents.accountId, accountId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', M.deliveryNotFound);
  ctx.webhooks.wake();
  return toDelivery(row);
}

/** POST test: a 'webhook.test' event through the same delivery as every other. */
export async function sendTestEvent(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
): Promise<WebhookDelivery> {
  const account = await getWhatsappAccount(ctx, actor, accountId);
  const endpoint = await endpointOf(ctx, accountId);
  if (!endpoint) throw new AppError('NOT_FOUND', M.notSet);
  if (!endpoint.enabled) throw new AppError('VALIDATION', M.enableFirst);
  // one owner's button is not a way to hammer someone else's server
  await ctx.limiter.reserve(`webhook-test:${accountId}`, { max: 10, windowMs: 60_000 });
  const [row] = await recordEvents(ctx, ctx.db, [
    {
      ownerId: account.ownerId,
      accountId,
      lane: 'account',
      type: 'webhook.test',
      data: { message: 'Webhook Sapa berfungsi' },
    },
  ]);
  if (!row) throw new AppError('NOT_FOUND', M.notSet);
  ctx.webhooks.wake();
  return toDelivery(row);
}

export interface NewEvent {
  ownerId: string;
  accountId: string;
  /** events of one lane go out in order: a chat's id, or 'account' */
  lane: string;
  type: WebhookEventType;
  data: unknown;
  at?: Date;
  /**
   * A stable id for an event that may be recorded twice (message.received, by the live path and by
   * recoverReceivedEvents after a restart): the second record is nothing. Else a new one.
   */
  id?: string;
}

/** Which of these numbers have their webhook on (one indexed read). */
export async function accountsWithWebhook(db: Db | Tx, accountIds: string[]): Promise<Set<string>> {
  if (!accountIds.length) return new Set();
  const on = await db
    .select({ accountId: webhookEndpoints.accountId })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.accountId, accountIds), eq(webhookEndpoints.enabled, true)));
  return new Set(on.map((r) => r.accountId));
}

/**
 * Stores events for the numbers whose webhook is on (others' are dropped), in the caller's
 * transaction when given one; the dispatcher sends them after commit. Returns the rows stored.
 */
export async function recordEvents(ctx: AppContext, db: Db | Tx, events: NewEvent[]): Promise<EventRow[]> {
  if (!events.length) return [];
  const enabled = await accountsWithWebhook(db, [...new Set(events.map((e) => e.accountId))]);
  if (!enabled.size) return [];
  const now = ctx.clock.now();
  const values = events
    .filter((e) => enabled.has(e.accountId))
    .map((e) => {
      const id = e.id ?? `evt_${randomUUID().replaceAll('-', '')}`;
      const at = e.at ?? now;
      const body = JSON.stringify({
        id,
        type: e.type,
        createdAt: at.toISOString(),
        accountId: e.accountId,
        data: e.data,
      });
      return {
        id,
        ownerId: e.ownerId,
        accountId: e.accountId,
        lane: e.lane,
        type: e.type,
        body,
        nextAttemptAt: now,
        retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
        createdAt: now,
      };
    });
  return db.insert(webhookEvents).values(values).onConflictDoNothing().returning();
}
