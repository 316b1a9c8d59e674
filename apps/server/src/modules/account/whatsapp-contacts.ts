import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Paged, WhatsappContact } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { chats, whatsappContacts } from '../../db/schema';
import { escapeLike } from '../../db/sql';
import type { Actor } from '../auth/actor';
import { WHATSAPP_WEB, getAccount } from './service';

/** The few people every sandbox number knows, so the start-chat picker can be tried on day one. */
export const SANDBOX_CONTACTS: WhatsappContact[] = [
  { id: 'sandbox-1', name: 'Ani (Sandbox)', phoneNumber: '6281100000001' },
  { id: 'sandbox-2', name: 'Bima (Sandbox)', phoneNumber: '6281100000002' },
  { id: 'sandbox-3', name: 'Citra (Sandbox)', phoneNumber: '6281100000003' },
];

/**
 * GET /account/whatsapp/{id}/contact: the WhatsApp contacts of one sender account (spec §7; the start-chat
 * modal's 'Kontak WhatsApp' tab, 50 a page). A sandbox number knows its customers and a few fixed people;
 * a linked WhatsApp number lists the contacts its phone synced (those with a phone number).
 */
export async function listWhatsappContacts(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: { page: number; limit: number; search?: string },
): Promise<Paged<WhatsappContact>> {
  const account = await getAccount(ctx, actor, accountId);
  if (account.type === 'whatsapp' && account.provider === WHATSAPP_WEB) {
    return linkedContacts(ctx, account.id, query);
  }
  if (account.type !== 'whatsapp' || account.provider !== 'sandbox') return { docs: [], hasNextPage: false };
  const search = query.search?.trim().toLowerCase() ?? '';
  const rows = await ctx.db
    .select({ id: chats.externalId, name: chats.contactName, phoneNumber: chats.contactPhone })
    .from(chats)
    .where(
      and(
        eq(chats.ownerId, actor.ownerId),
        eq(chats.accountId, account.id),
        sql`${chats.contactPhone} <> ''`,
        search
          ? or(
              ilike(chats.contactName, `%${escapeLike(search)}%`),
              ilike(chats.contactPhone, `%${escapeLike(search)}%`),
            )
          : undefined,
      ),
    )
    .orderBy(asc(chats.contactName), asc(chats.id))
    .limit(500);
  const known = new Set(rows.map((r) => r.phoneNumber));
  const fixed = SANDBOX_CONTACTS.filter(
    (c) =>
      !known.has(c.phoneNumber) &&
      (!search || c.name.toLowerCase().includes(search) || c.phoneNumber.includes(search)),
  );
  const all = [...rows, ...fixed];
  const start = (query.page - 1) * query.limit;
  return { docs: all.slice(start, start + query.limit), hasNextPage: all.length > start + query.limit };
}

/** The contacts a WhatsApp Web number synced from the phone, by name; those without a number are skipped. */
async function linkedContacts(
  ctx: AppContext,
  accountId: string,
  query: { page: number; limit: number; search?: string },
): Promise<Paged<WhatsappContact>> {
  const search = query.search?.trim() ?? '';
  const pattern = `%${escapeLike(search)}%`;
  const rows = await ctx.db
    .select({
      id: whatsappContacts.jid,
      name: whatsappContacts.name,
      notify: whatsappContacts.notify,
      phoneNumber: whatsappContacts.phoneNumber,
    })
    .from(whatsappContacts)
    .where(
      and(
        eq(whatsappContacts.accountId, accountId),
        sql`${whatsappContacts.phoneNumber} ~ '[0-9]'`,
        search
          ? or(
              ilike(whatsappContacts.name, pattern),
              ilike(whatsappContacts.notify, pattern),
              ilike(whatsappContacts.phoneNumber, pattern),
            )
          : undefined,
      ),
    )
    // named contacts first, alphabetically; then the bare numbers
    .orderBy(
      sql`(coalesce(nullif(${whatsappContacts.name}, ''), nullif(${whatsappContacts.notify}, '')) is null)`,
      sql`lower(coalesce(nullif(${whatsappContacts.name}, ''), ${whatsappContacts.notify}))`,
      asc(whatsappContacts.phoneNumber),
    )
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: rows.slice(0, query.limit).map((r) => {
      const phoneNumber = r.phoneNumber.replace(/\D/g, '');
      return { id: r.id, name: r.name || r.notify || phoneNumber, phoneNumber };
    }),
    hasNextPage: rows.length > query.limit,
  };
}
