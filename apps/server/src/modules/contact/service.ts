import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ChatContact, ChatLabel, Paged, contactListQuery } from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accounts, chatLabels, chats } from '../../db/schema';
import { escapeLike } from '../../db/sql';
import type { Actor } from '../auth/actor';
import { EXPORT_BATCH, xlsxDownload, type XlsxDownload } from '../group/export';

type ListQuery = z.output<typeof contactListQuery>;

const contactColumns = {
  chatId: chats.id,
  name: chats.contactName,
  phoneNumber: chats.contactPhone,
  labelIds: chats.labelIds,
  lastMessageAt: chats.lastMessageAt,
  accountId: accounts.id,
  accountType: accounts.type,
  accountName: accounts.labelName,
};

type ContactRow = {
  chatId: string;
  name: string;
  phoneNumber: string;
  labelIds: string[];
  lastMessageAt: Date | null;
  accountId: string;
  accountType: 'whatsapp' | 'instagram' | 'messenger';
  accountName: string;
};

function selectContacts(db: Db | Tx) {
  return db.select(contactColumns).from(chats).innerJoin(accounts, eq(accounts.id, chats.accountId));
}

/** For the export's keyset: the last message's time exactly as stored (microseconds included). */
function selectExportRows(db: Db | Tx) {
  return db
    .select({ ...contactColumns, atKey: sql<string | null>`${chats.lastMessageAt}::text` })
    .from(chats)
    .innerJoin(accounts, eq(accounts.id, chats.accountId));
}

/**
 * The chats of the tenant in which the customer has written, searched like the chat list: name or
 * number containing the text, and a number as people type it ('+62 813-0000', '0813 0000') by its
 * digits, through the trigram index on `contact_name || ' ' || contact_phone`.
 */
function conditions(actor: Actor, search: string | undefined): SQL[] {
  const where: SQL[] = [eq(chats.ownerId, actor.ownerId), isNotNull(chats.fromSenderAt)];
  const term = search?.trim();
  if (term) {
    const text = sql`(${chats.contactName} || ' ' || ${chats.contactPhone})`;
    const byText = sql`${text} ilike ${`%${escapeLike(term)}%`}`;
    const digits = term.replace(/\D/g, '').replace(/^0+/, '');
    where.push(
      digits.length >= 3 && digits !== term ? or(byText, sql`${text} ilike ${`%${digits}%`}`)! : byText,
    );
  }
  return where;
}

/** Newest last message first (the chat list's order and index). */
const listOrder = () => [sql`${chats.lastMessageAt} desc nulls last`, sql`${chats.id} desc nulls last`];

/** The tenant's labels by id, for one page of rows. */
async function labelsOf(db: Db | Tx, ownerId: string, rows: ContactRow[]): Promise<Map<string, ChatLabel>> {
  const ids = [...new Set(rows.flatMap((row) => row.labelIds))];
  const found = ids.length
    ? await db
        .select({ id: chatLabels.id, name: chatLabels.name, color: chatLabels.color })
        .from(chatLabels)
        .where(and(eq(chatLabels.ownerId, ownerId), inArray(chatLabels.id, ids)))
    : [];
  return new Map(found.map((l) => [l.id, { _id: l.id, name: l.name, color: l.color }]));
}

function toChatContact(row: ContactRow, labels: Map<string, ChatLabel>): ChatContact {
  return {
    chatId: row.chatId,
    name: row.name,
    phoneNumber: row.phoneNumber,
    account: { _id: row.accountId, type: row.accountType, name: row.accountName },
    labels: row.labelIds.flatMap((id) => (labels.has(id) ? [labels.get(id)!] : [])),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  };
}

/** GET /contact/chat: one contact per conversation the customer wrote in, newest first. */
export async function listChatContacts(
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
): Promise<Paged<ChatContact>> {
  const rows = await selectContacts(ctx.db)
    .where(and(...conditions(actor, query.search)))
    .orderBy(...listOrder())
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const page = rows.slice(0, query.limit);
  const labels = await labelsOf(ctx.db, actor.ownerId, page);
  return { docs: page.map((row) => toChatContact(row, labels)), hasNextPage: rows.length > query.limit };
}

const CHANNELS: Record<ContactRow['accountType'], string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
};

/**
 * The export's dates are the wall-clock time in WIB (UTC+7): a spreadsheet cell has no time zone,
 * and the product's users are in Indonesia.
 */
const EXPORT_UTC_OFFSET_MS = 7 * 60 * 60 * 1000;

export const CHAT_CONTACT_HEADERS = ['Nama', 'Nomor Telepon', 'Akun', 'Kanal', 'Label', 'Pesan Terakhir'];

/**
 * POST /contact/chat/export: the conversation contacts (optionally searched) as .xlsx in list order,
 * read in keyset batches along the chat list's index: the chats with a last message by
 * (last_message_at, id) descending, then any without one by id.
 */
export function exportChatContacts(ctx: AppContext, actor: Actor, search: string | undefined): XlsxDownload {
  return xlsxDownload(
    'Kontak Percakapan.xlsx',
    'Kontak',
    async (sheet) => {
      sheet.row(CHAT_CONTACT_HEADERS);
      const base = conditions(actor, search);
      let after: { at: string | null; id: string } | null = null;
      while (sheet.open) {
        const where = [...base];
        if (after?.at) {
          where.push(
            or(
              sql`(${chats.lastMessageAt}, ${chats.id}) < (${after.at}::timestamptz, ${after.id})`,
              isNull(chats.lastMessageAt),
            )!,
          );
        } else if (after) {
          where.push(isNull(chats.lastMessageAt), sql`${chats.id} < ${after.id}`);
        }
        const rows = await selectExportRows(ctx.db)
          .where(and(...where))
          .orderBy(...listOrder())
          .limit(EXPORT_BATCH);
        const labels = await labelsOf(ctx.db, actor.ownerId, rows);
        for (const row of rows) {
          const contact = toChatContact(row, labels);
          const at = row.lastMessageAt ? new Date(row.lastMessageAt.getTime() + EXPORT_UTC_OFFSET_MS) : null;
          sheet.row(
            [
              contact.name,
              contact.phoneNumber,
              contact.account.name,
              CHANNELS[contact.account.type],
              contact.labels.map((l) => l.name).join(', '),
              at,
            ],
            (r) => {
              if (at) r.getCell(6).numFmt = 'dd/mm/yyyy hh:mm';
            },
          );
        }
        if (rows.length < EXPORT_BATCH) break;
        const last = rows[rows.length - 1]!;
        after = { at: last.atKey, id: last.chatId };
        await sheet.flush();
      }
    },
    { useStyles: true },
  );
}
