import { eq } from 'drizzle-orm';
import type { AutoReplyBody, AutoReplySettings, BusinessDay } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { autoReplies } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { getWhatsappAccount, publishAccount } from '../account/service';
import { forgetSettings } from './settings-cache';
import { isOpenAt, sortDays } from './hours';

type Row = typeof autoReplies.$inferSelect;

function toSettings(ctx: AppContext, accountId: string, row: Row | null): AutoReplySettings {
  const hours = sortDays((row?.hours as BusinessDay[] | undefined) ?? []);
  return {
    accountId,
    timezone: 'Asia/Jakarta',
    hours,
    awayEnabled: row?.awayEnabled ?? false,
    awayText: row?.awayText ?? '',
    greetingEnabled: row?.greetingEnabled ?? false,
    greetingText: row?.greetingText ?? '',
    openNow: isOpenAt(hours, ctx.clock.now()),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** GET /account/{id}/auto-reply: a WhatsApp number of this tenant (else 404), its settings or the defaults. */
export async function getAutoReply(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
): Promise<AutoReplySettings> {
  const account = await getWhatsappAccount(ctx, actor, accountId);
  const [row] = await ctx.db.select().from(autoReplies).where(eq(autoReplies.accountId, account.id)).limit(1);
  // the row's owner is the account's: a row of another tenant cannot sit under this account's key
  return toSettings(ctx, account.id, row && row.ownerId === actor.ownerId ? row : null);
}

/** PUT /account/{id}/auto-reply: replaces the number's settings; every process forgets its cached copy. */
export async function saveAutoReply(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  body: AutoReplyBody,
): Promise<AutoReplySettings> {
  const account = await getWhatsappAccount(ctx, actor, accountId);
  const values = {
    hours: sortDays(body.hours).map(({ day, open, close }) => ({ day, open, close })),
    awayEnabled: body.awayEnabled,
    awayText: body.awayText.trim(),
    greetingEnabled: body.greetingEnabled,
    greetingText: body.greetingText.trim(),
    updatedAt: ctx.clock.now(),
  };
  const [row] = await ctx.db
    .insert(autoReplies)
    .values({ accountId: account.id, ownerId: actor.ownerId, ...values })
    .onConflictDoUpdate({ target: autoReplies.accountId, set: values })
    .returning();
  forgetSettings(ctx, account.id);
  // other processes drop their cached settings on the account's event (settings-cache.ts)
  publishAccount(ctx, account);
  return toSettings(ctx, account.id, row ?? null);
}
