import { and, eq, inArray, sql } from 'drizzle-orm';
import { textArray } from '../../../db/sql';
import {
  BROADCAST_FIXED_VARIABLES,
  interpolate,
  normalizePhone,
  PUBLICATION_LIMITS,
  PUBLICATION_MESSAGES as M,
} from '@sapa/contracts';
import type { Db, Tx } from '../../../db/client';
import { broadcastOptOuts, chats, contactGroups, groupContacts } from '../../../db/schema';
import { AppError } from '../../../lib/errors';

/** The numbers pasted one per line: digits with the country code, duplicates kept for counting. */
export interface PastedNumbers {
  phones: string[];
  /** 1-based lines that are not phone numbers (blank lines are ignored) */
  invalidLines: number[];
}

export function parsePastedNumbers(text: string): PastedNumbers {
  const phones: string[] = [];
  const invalidLines: number[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const phone = normalizePhone(line);
    if (phone) phones.push(phone);
    else invalidLines.push(i + 1);
  });
  return { phones, invalidLines };
}

/** The owner's groups among `groupIds`, in the order given; a missing one is a 400 on groupIds. */
export async function ownGroups(db: Db | Tx, ownerId: string, groupIds: string[]) {
  if (!groupIds.length) return [];
  const rows = await db
    .select({ id: contactGroups.id, name: contactGroups.name, columns: contactGroups.columns })
    .from(contactGroups)
    .where(and(eq(contactGroups.ownerId, ownerId), inArray(contactGroups.id, groupIds)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unique = [...new Set(groupIds)];
  if (unique.some((id) => !byId.has(id)))
    throw new AppError('VALIDATION', M.groupNotFound, { groupIds: M.groupNotFound });
  return unique.map((id) => byId.get(id)!);
}

/** The variables a broadcast to these groups offers: nama, nomor, then each group column once. */
export function variablesOf(groups: { columns: string[] }[]): string[] {
  const names: string[] = [...BROADCAST_FIXED_VARIABLES];
  for (const group of groups)
    for (const column of group.columns)
      if (!names.some((n) => n.toLowerCase() === column.toLowerCase())) names.push(column);
  return names;
}

/** What a broadcast's recipients add up to, before it is made (POST broadcast/preview). */
export interface AudienceSummary {
  /** distinct numbers, opted-out ones included */
  distinct: number;
  duplicates: number;
  optedOut: number;
  /** of the distinct numbers not opted out: those that never wrote to one of the senders */
  cold: number;
  sample: { name: string; phoneNumber: string; values: Record<string, string> } | null;
}

/**
 * The distinct numbers of the pasted lines and the groups' contacts (the pasted numbers first, then
 * the groups in the order chosen), as SQL: phone, name, values and the order they are sent in. A
 * pasted number that is also a group's contact keeps its place and takes the contact's name and values.
 */
function audienceSql(ownerId: string, pasted: string[], groupIds: string[]) {
  return sql`select distinct on (phone) phone, name, contact_values, min(rank) over (partition by phone) as rank from (
      select p.phone, '' as name, '{}'::jsonb as contact_values, p.n as rank
        from unnest(${textArray(pasted)}) with ordinality as p(phone, n)
      union all
      select ${groupContacts.phoneNumber}, ${groupContacts.name}, ${groupContacts.values},
        ${pasted.length} + (array_position(${textArray(groupIds)}, ${groupContacts.groupId}) * 1000000000::bigint)
          + row_number() over (partition by ${groupContacts.groupId} order by lower(${groupContacts.name}), ${groupContacts.id})
        from ${groupContacts}
        where ${groupContacts.ownerId} = ${ownerId} and ${groupContacts.groupId} = any(${textArray(groupIds)})
    ) as everyone order by phone, name = '', rank`;
}

export async function summarizeAudience(
  db: Db | Tx,
  ownerId: string,
  accountIds: string[],
  pasted: string[],
  groupIds: string[],
): Promise<AudienceSummary> {
  const result = (await db.execute(sql`with audience as (${audienceSql(ownerId, pasted, groupIds)}),
      counted as (select
        (select count(*) from ${groupContacts} where ${groupContacts.ownerId} = ${ownerId}
          and ${groupContacts.groupId} = any(${textArray(groupIds)})) + ${pasted.length} as listed,
        (select count(*) from audience) as distinct_count,
        (select count(*) from audience a join ${broadcastOptOuts} o
          on o.owner_id = ${ownerId} and o.phone = a.phone) as opted_out,
        (select count(*) from audience a where not exists (select 1 from ${broadcastOptOuts} o
            where o.owner_id = ${ownerId} and o.phone = a.phone)
          and not exists (select 1 from ${chats} c where c.account_id = any(${textArray(accountIds)})
            and c.external_id = a.phone and c.owner_id = ${ownerId} and c.from_sender_at is not null)) as cold)
    select counted.*, (select row_to_json(s) from (select phone, name, contact_values from audience a
        where not exists (select 1 from ${broadcastOptOuts} o where o.owner_id = ${ownerId} and o.phone = a.phone)
        order by rank limit 1) as s) as sample
    from counted`)) as unknown as {
    rows: {
      listed: string | number;
      distinct_count: string | number;
      opted_out: string | number;
      cold: string | number;
      sample: { phone: string; name: string; contact_values: Record<string, string> } | string | null;
    }[];
  };
  const row = result.rows[0]!;
  const sample = typeof row.sample === 'string' ? JSON.parse(row.sample) : row.sample;
  const distinct = Number(row.distinct_count);
  return {
    distinct,
    duplicates: Number(row.listed) - distinct,
    optedOut: Number(row.opted_out),
    cold: Number(row.cold),
    sample: sample
      ? { name: sample.name || sample.phone, phoneNumber: sample.phone, values: sample.contact_values ?? {} }
      : null,
  };
}

/**
 * Writes the recipients of a broadcast in its creating transaction: each distinct number once, in
 * sending order; numbers on the opt-out list as skipped with the reason. Returns the counts. Refuses
 * more than PUBLICATION_LIMITS.recipientsMax.
 */
export async function insertRecipients(
  tx: Tx,
  ownerId: string,
  broadcastId: string,
  pasted: string[],
  groupIds: string[],
): Promise<{ total: number; optedOut: number }> {
  const result = (await tx.execute(sql`with audience as (${audienceSql(ownerId, pasted, groupIds)}),
      inserted as (insert into broadcast_recipients (id, broadcast_id, owner_id, position, phone, name, "values", state, reason)
        select gen_random_uuid()::text, ${broadcastId}, ${ownerId}, (row_number() over (order by rank))::int - 1,
          a.phone, a.name, a.contact_values,
          case when o.phone is null then 'pending' else 'skipped' end,
          case when o.phone is null then null else ${M.reasonOptedOut} end
        from audience a left join ${broadcastOptOuts} o on o.owner_id = ${ownerId} and o.phone = a.phone
        returning state)
    select count(*) as total, count(*) filter (where state = 'skipped') as opted_out from inserted`)) as unknown as {
    rows: { total: string | number; opted_out: string | number }[];
  };
  const total = Number(result.rows[0]!.total);
  if (total > PUBLICATION_LIMITS.recipientsMax) {
    const message = interpolate(M.recipientsTooMany, { max: PUBLICATION_LIMITS.recipientsMax });
    throw new AppError('VALIDATION', message, { groupIds: message });
  }
  return { total, optedOut: Number(result.rows[0]!.opted_out) };
}
