import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, channelLinks } from '../../db/schema';
import { open } from '../../lib/secret-box';
import { reportAccountTrouble } from '../account-events';
import type { AccountRow } from '../connector';

export type ChannelLinkRow = typeof channelLinks.$inferSelect;
export type ChannelLinkKind = 'messenger' | 'instagram' | 'whatsapp-cloud';

/** An account's Meta link with its token unsealed, or null (not a Meta account, or unlinked). */
export async function linkOf(
  ctx: AppContext,
  accountId: string,
): Promise<{ link: ChannelLinkRow; token: string } | null> {
  const [link] = await ctx.db
    .select()
    .from(channelLinks)
    .where(eq(channelLinks.accountId, accountId))
    .limit(1);
  if (!link) return null;
  return { link, token: open(ctx.config, link.tokenSealed) };
}

/**
 * The live (not deleted) account a webhook's Page, Instagram account or phone number id belongs to,
 * with its link; null when no tenant has it (the delivery is logged and dropped). One tenant at most:
 * channel_links is unique on (kind, external_id).
 */
export async function accountForExternal(
  ctx: AppContext,
  kind: ChannelLinkKind,
  externalId: string,
): Promise<{ account: AccountRow; link: ChannelLinkRow } | null> {
  const [row] = await ctx.db
    .select({ account: accounts, link: channelLinks })
    .from(channelLinks)
    .innerJoin(accounts, eq(accounts.id, channelLinks.accountId))
    .where(
      and(eq(channelLinks.kind, kind), eq(channelLinks.externalId, externalId), isNull(accounts.deletedAt)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Meta refused the account's token (error 190: password changed, role lost, app removed): the link is
 * marked, the card turns red with 'Hubungkan ulang' (realtime account.updated) and the account-trouble
 * listeners hear 'logged-out'. Told once per outage: a second refusal changes nothing.
 */
export async function markTokenInvalid(ctx: AppContext, accountId: string): Promise<void> {
  const now = ctx.clock.now();
  const [link] = await ctx.db
    .update(channelLinks)
    .set({ tokenInvalidAt: now, updatedAt: now })
    .where(and(eq(channelLinks.accountId, accountId), isNull(channelLinks.tokenInvalidAt)))
    .returning();
  if (!link) return;
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) return;
  // the account module's serialiser, imported lazily: channels do not depend on modules at load time
  const { publishAccount } = await import('../../modules/account/service');
  publishAccount(ctx, account, link);
  await reportAccountTrouble(ctx, { accountId, ownerId: account.ownerId, kind: 'logged-out' });
}
