import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contactAliases } from '../../db/schema';
import { mergeChats } from '../../modules/chat/kernel';

/** Who a Cloud API payload is about: the phone number (wa_id) and/or the business-scoped user id. */
export interface CloudUser {
  /** digits, country code first; absent for a user who hides their number behind a username */
  waId: string | null;
  /** BSUID ('ID.1234...'), in webhooks since April 2026 alongside or instead of wa_id */
  userId: string | null;
}

/** wa_id is a phone number: digits only. A BSUID has its country prefix and a dot. */
export function isPhoneId(id: string): boolean {
  return /^\d{5,20}$/.test(id);
}

/** A wa_id as digits (Meta sends it without '+'; a stray one is dropped), or null. */
export function waIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const digits = value.replace(/^\+/, '');
  return isPhoneId(digits) ? digits : null;
}

/** A BSUID as given (stored and sent back exactly), or null. */
export function userIdOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() && value.length <= 200 ? value.trim() : null;
}

/**
 * The chat key (chats.external_id) of a Cloud API user on one account, and the phone to show
 * (channels reference §3.6). A known alias wins (the wa_id's first); else the wa_id, else the BSUID.
 * Once a user first seen by BSUID alone comes with their wa_id, their chat takes the phone number as
 * key and shows it (mergeChats, as WhatsApp Web does for a LID), and the BSUID stays an alias, so a
 * later BSUID-only payload finds the same chat. Every id seen is recorded as an alias of the key.
 * The phone is never invented: '' while only the BSUID is known.
 */
export async function resolveContact(
  ctx: AppContext,
  accountId: string,
  user: CloudUser,
): Promise<{ externalId: string; phone: string } | null> {
  const ids = [user.waId, user.userId].filter((id): id is string => !!id);
  if (!ids.length) return null;
  const rows = await ctx.db
    .select({ alias: contactAliases.alias, key: contactAliases.contactExternalId })
    .from(contactAliases)
    .where(and(eq(contactAliases.accountId, accountId), inArray(contactAliases.alias, ids)));
  const keyOf = (id: string | null) => (id ? rows.find((r) => r.alias === id)?.key : undefined);
  let key = keyOf(user.waId) ?? keyOf(user.userId) ?? user.waId ?? user.userId!;
  if (user.waId && key !== user.waId && !isPhoneId(key)) {
    await mergeChats(ctx, {
      accountId,
      fromExternalId: key,
      toExternalId: user.waId,
      phone: user.waId,
      placeholderName: key,
    });
    await ctx.db
      .update(contactAliases)
      .set({ contactExternalId: user.waId })
      .where(and(eq(contactAliases.accountId, accountId), eq(contactAliases.contactExternalId, key)));
    key = user.waId;
  }
  const missing = ids.filter((id) => keyOf(id) !== key);
  if (missing.length) {
    await ctx.db
      .insert(contactAliases)
      .values(missing.map((alias) => ({ accountId, alias, contactExternalId: key })))
      .onConflictDoUpdate({
        target: [contactAliases.accountId, contactAliases.alias],
        set: { contactExternalId: sql`excluded.contact_external_id` },
      });
  }
  return { externalId: key, phone: isPhoneId(key) ? key : '' };
}
