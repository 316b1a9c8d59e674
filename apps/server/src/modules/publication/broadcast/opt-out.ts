import { and, desc, eq, like } from 'drizzle-orm';
import {
  normalizePhone,
  PUBLICATION_LIMITS,
  PUBLICATION_MESSAGES as M,
  t,
  type OptOut,
  type Paged,
  type PageQuery,
} from '@sapa/contracts';
import type { AppContext } from '../../../context';
import { broadcastOptOuts, publicationSettings } from '../../../db/schema';
import { escapeLike } from '../../../db/sql';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../../auth/actor';
import { forgetStopWords, stopWordsOf } from './tracking';

type OptOutRow = typeof broadcastOptOuts.$inferSelect;
const toOptOut = (row: OptOutRow): OptOut => ({
  _id: row.id,
  phoneNumber: row.phone,
  source: row.source as OptOut['source'],
  createdAt: row.createdAt.toISOString(),
});

/** GET /publication/opt-out: the numbers that receive no broadcasts, newest first. */
export async function listOptOuts(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Paged<OptOut>> {
  const where = [eq(broadcastOptOuts.ownerId, actor.ownerId)];
  const digits = query.search?.replace(/\D/g, '').replace(/^0+/, '');
  if (digits) where.push(like(broadcastOptOuts.phone, `%${escapeLike(digits)}%`));
  const rows = await ctx.db
    .select()
    .from(broadcastOptOuts)
    .where(and(...where))
    .orderBy(desc(broadcastOptOuts.createdAt), desc(broadcastOptOuts.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toOptOut), hasNextPage: rows.length > query.limit };
}

/** POST /publication/opt-out: the owner adds a number by hand (a second time changes nothing). */
export async function addOptOut(ctx: AppContext, actor: Actor, phoneNumber: string): Promise<OptOut> {
  const phone = normalizePhone(phoneNumber);
  if (!phone) throw new AppError('VALIDATION', t('validation.phone'), { phoneNumber: t('validation.phone') });
  await ctx.db
    .insert(broadcastOptOuts)
    .values({ ownerId: actor.ownerId, phone, source: 'manual', createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(broadcastOptOuts)
    .where(and(eq(broadcastOptOuts.ownerId, actor.ownerId), eq(broadcastOptOuts.phone, phone)));
  return toOptOut(row!);
}

/** DELETE /publication/opt-out/{id}: the number receives later broadcasts again. */
export async function removeOptOut(ctx: AppContext, actor: Actor, id: string): Promise<{ message: string }> {
  const removed = await ctx.db
    .delete(broadcastOptOuts)
    .where(and(eq(broadcastOptOuts.id, id), eq(broadcastOptOuts.ownerId, actor.ownerId)))
    .returning({ id: broadcastOptOuts.id });
  if (!removed.length) throw new AppError('NOT_FOUND', t('common.notFound'));
  return { message: M.optOutRemoved };
}

/** GET /publication/stop-words. */
export async function getStopWords(ctx: AppContext, actor: Actor): Promise<{ words: string[] }> {
  return { words: await stopWordsOf(ctx, actor.ownerId) };
}

/** PUT /publication/stop-words: upper case, each once. */
export async function setStopWords(
  ctx: AppContext,
  actor: Actor,
  words: string[],
): Promise<{ words: string[] }> {
  const unique = [...new Set(words.map((w) => w.trim().toUpperCase()))].slice(
    0,
    PUBLICATION_LIMITS.stopWordsMax,
  );
  await ctx.db
    .insert(publicationSettings)
    .values({ ownerId: actor.ownerId, stopWords: unique, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: publicationSettings.ownerId,
      set: { stopWords: unique, updatedAt: ctx.clock.now() },
    });
  forgetStopWords(actor.ownerId);
  return { words: unique };
}
