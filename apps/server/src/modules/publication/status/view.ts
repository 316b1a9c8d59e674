import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ImageMedia, StatusPost, StatusRun, VideoMedia } from '@sapa/contracts';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { accounts, contactGroups, statusPosts, statusRuns } from '../../../db/schema';

export type StatusPostRow = typeof statusPosts.$inferSelect;

/** How many of a post's runs its answers carry, newest first. */
export const RUNS_SHOWN = 10;

/**
 * Status posts as the API answers them, a page at a time: each with its number, its groups' names
 * and its latest finished runs, read in three queries whatever the page's size.
 */
export async function toStatusPosts(db: Db | Tx, rows: StatusPostRow[]): Promise<StatusPost[]> {
  if (!rows.length) return [];
  const ownerId = rows[0]!.ownerId;
  const accountIds = [...new Set(rows.map((r) => r.accountId))];
  const groupIds = [...new Set(rows.flatMap((r) => r.groupIds))];
  const postIds = rows.map((r) => r.id);
  const [numbers, groups, runs] = await Promise.all([
    db
      .select({ id: accounts.id, name: accounts.labelName, phoneNumber: accounts.phoneNumber })
      .from(accounts)
      .where(and(eq(accounts.ownerId, ownerId), inArray(accounts.id, accountIds))),
    groupIds.length
      ? db
          .select({ id: contactGroups.id, name: contactGroups.name })
          .from(contactGroups)
          .where(and(eq(contactGroups.ownerId, ownerId), inArray(contactGroups.id, groupIds)))
      : Promise.resolve([]),
    latestRuns(db, ownerId, postIds),
  ]);
  const numberOf = new Map(numbers.map((n) => [n.id, n]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return rows.map((row) => {
    const number = numberOf.get(row.accountId);
    const media = row.media as ImageMedia | VideoMedia | null;
    return {
      _id: row.id,
      account: { _id: row.accountId, name: number?.name ?? '', phoneNumber: number?.phoneNumber ?? '' },
      type: row.type as StatusPost['type'],
      text: row.text,
      backgroundColor: row.backgroundColor,
      ...(row.type === 'image' && media ? { image: media as ImageMedia } : {}),
      ...(row.type === 'video' && media ? { video: media as VideoMedia } : {}),
      audience: row.audience as StatusPost['audience'],
      // a group deleted since is no longer named (its contacts are gone with it)
      groups: row.groupIds.flatMap((id) => {
        const name = groupName.get(id);
        return name === undefined ? [] : [{ _id: id, name }];
      }),
      repeat: row.repeat as StatusPost['repeat'],
      nextAt: row.nextAt?.toISOString() ?? null,
      time: row.time,
      weekday: row.weekday,
      state: row.state as StatusPost['state'],
      runs: runs.get(row.id) ?? [],
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function toStatusPost(db: Db | Tx, row: StatusPostRow): Promise<StatusPost> {
  return (await toStatusPosts(db, [row]))[0]!;
}

/** The latest RUNS_SHOWN finished runs of each post (a run still posting is not shown), newest first. */
async function latestRuns(
  db: Db | Tx,
  ownerId: string,
  postIds: string[],
): Promise<Map<string, StatusRun[]>> {
  const ranked = db
    .select({
      postId: statusRuns.postId,
      at: statusRuns.at,
      dueAt: statusRuns.dueAt,
      state: statusRuns.state,
      viewers: statusRuns.viewers,
      reason: statusRuns.reason,
      rank: sql<number>`row_number() over (partition by ${statusRuns.postId} order by ${statusRuns.dueAt} desc)`.as(
        'rank',
      ),
    })
    .from(statusRuns)
    .where(
      and(
        eq(statusRuns.ownerId, ownerId),
        inArray(statusRuns.postId, postIds),
        inArray(statusRuns.state, ['sent', 'failed']),
      ),
    )
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${RUNS_SHOWN}`)
    .orderBy(ranked.postId, sql`${ranked.dueAt} desc`);
  const byPost = new Map<string, StatusRun[]>();
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push({
      at: (row.at ?? row.dueAt).toISOString(),
      state: row.state as StatusRun['state'],
      viewers: row.viewers,
      reason: row.reason,
    });
    byPost.set(row.postId, list);
  }
  return byPost;
}

/** Tells the owner's open screens the post as it is now (after commit). */
export async function publishStatusPost(ctx: AppContext, row: StatusPostRow): Promise<void> {
  const statusPost = await toStatusPost(ctx.db, row);
  ctx.bus.publish({
    kind: 'tenant',
    ownerId: row.ownerId,
    event: { type: 'status.updated', chat: null, message: null, statusPost },
  });
}
