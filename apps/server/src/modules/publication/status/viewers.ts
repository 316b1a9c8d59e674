import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chats, groupContacts, whatsappContacts } from '../../../db/schema';
import type { StatusPostRow } from './view';

/**
 * Who may see a status (channels reference §1.6: only the JIDs listed can, there is no "all
 * contacts"), as phone digits without the number itself (the connector adds its own JID):
 * - 'all': every number this WhatsApp number has a 1:1 chat with, plus its phone's address book
 *   where WhatsApp Web synced one (whatsapp_contacts with a phone number);
 * - 'groups': the numbers of the chosen contact groups.
 * Reads only; chats belong to the chat module. The caller has checked the post's number is its owner's.
 */
export async function viewersOf(db: Db, post: StatusPostRow, ownNumber: string): Promise<string[]> {
  let phones: string[];
  if (post.audience === 'groups') {
    if (!post.groupIds.length) return [];
    const rows = await db
      .selectDistinct({ phone: groupContacts.phoneNumber })
      .from(groupContacts)
      .where(and(eq(groupContacts.ownerId, post.ownerId), inArray(groupContacts.groupId, post.groupIds)));
    phones = rows.map((r) => r.phone);
  } else {
    const [chatted, addressBook] = await Promise.all([
      db
        .selectDistinct({ phone: chats.contactPhone })
        .from(chats)
        .where(
          and(
            eq(chats.ownerId, post.ownerId),
            eq(chats.accountId, post.accountId),
            ne(chats.contactPhone, ''),
          ),
        ),
      db
        .selectDistinct({ phone: whatsappContacts.phoneNumber })
        .from(whatsappContacts)
        .where(and(eq(whatsappContacts.accountId, post.accountId), ne(whatsappContacts.phoneNumber, ''))),
    ]);
    phones = [...chatted, ...addressBook].map((r) => r.phone);
  }
  const own = digits(ownNumber);
  const viewers = new Set<string>();
  for (const phone of phones) {
    const d = digits(phone);
    // a phone number has 7 to 15 digits (E.164); anything else cannot be a WhatsApp JID
    if (d.length >= 7 && d.length <= 15 && d !== own) viewers.add(d);
  }
  return [...viewers].sort();
}

function digits(phone: string): string {
  return phone.replace(/\D/g, '');
}
