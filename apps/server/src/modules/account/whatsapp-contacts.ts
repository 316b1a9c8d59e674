import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Paged } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { chats } from '../../db/schema';
import type { Actor } from '../chat/actor';
import { getAccount } from './service';

/** spec §3 'WhatsApp contact'. */
export interface WhatsappContact {
  id: string;
  name: string;
  phoneNumber: string;
}

/** The few people every sandbox number knows, so the start-chat picker can be tried on day one. */
export const SANDBOX_CONTACTS: WhatsappContact[] = [
  { id: 'sandbox-1', name: 'Ani (Sandbox)', phoneNumber: '6281100000001' },
  { id: 'sandbox-2', name: 'Bima (Sandbox)', phoneNumber: '6281100000002' },
  { id: 'sandbox-3', name: 'Citra (Sandbox)', phoneNumber: '6281100000003' },
];

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * GET /account/whatsapp/{id}/contact: the WhatsApp contacts of one sender account (spec §7; the start-chat
 * modal's 'Kontak WhatsApp' tab, 50 a page). A sandbox number knows its customers and a few fixed people;
 * a linked WhatsApp number will list its phone's contacts (the WhatsApp issue).
 */
export async function listWhatsappContacts(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  query: { page: number; limit: number; search?: string },
): Promise<Paged<WhatsappContact>> {
  const account = await getAccount(ctx, actor, accountId);
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
