import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { t, templateBody, templateListQuery, type ChatTemplate, type Paged } from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { chatTemplates } from '../../db/schema';
import { escapeLike } from '../../db/sql';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { mediaField, resolveContent } from '../chat/content';

type TemplateRow = typeof chatTemplates.$inferSelect;
type TemplateListQuery = z.output<typeof templateListQuery>;
type TemplateInput = z.output<typeof templateBody>;

/** spec §3 'Chat template': the media object under the key of its type. */
export function toTemplate(row: TemplateRow): ChatTemplate {
  return {
    _id: row.id,
    title: row.title,
    text: row.text,
    type: row.type as ChatTemplate['type'],
    ...mediaField(row.type, row.media),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', t('template.notFound'));
}

/**
 * GET /chat/template: the tenant's templates alphabetically (case-insensitive, byte order so
 * PostgreSQL and PGlite agree whatever their collation), searched in title and text.
 */
export async function listTemplates(
  ctx: AppContext,
  actor: Actor,
  query: TemplateListQuery,
): Promise<Paged<ChatTemplate>> {
  const where = [eq(chatTemplates.ownerId, actor.ownerId)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    where.push(or(ilike(chatTemplates.title, pattern), ilike(chatTemplates.text, pattern))!);
  }
  const rows = await ctx.db
    .select()
    .from(chatTemplates)
    .where(and(...where))
    .orderBy(
      sql`lower(${chatTemplates.title}) collate "C"`,
      sql`${chatTemplates.title} collate "C"`,
      chatTemplates.id,
    )
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toTemplate), hasNextPage: rows.length > query.limit };
}

/** POST /chat/template. Files are checked against the tenant's uploads (resolveContent). */
export async function createTemplate(
  ctx: AppContext,
  actor: Actor,
  input: TemplateInput,
): Promise<ChatTemplate> {
  const content = await resolveContent(ctx.db, actor.ownerId, input);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(chatTemplates)
    .values({
      ownerId: actor.ownerId,
      title: input.title,
      text: content.text,
      type: content.type,
      media: content.media,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toTemplate(row!);
}

async function findTemplate(ctx: AppContext, actor: Actor, id: string): Promise<TemplateRow | null> {
  const [row] = await ctx.db
    .select()
    .from(chatTemplates)
    .where(and(eq(chatTemplates.id, id), eq(chatTemplates.ownerId, actor.ownerId)))
    .limit(1);
  return row ?? null;
}

/** PUT /chat/template/{id}: replaces title and content; another tenant's id is not found. */
export async function updateTemplate(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: TemplateInput,
): Promise<ChatTemplate> {
  if (!(await findTemplate(ctx, actor, id))) throw notFound();
  const content = await resolveContent(ctx.db, actor.ownerId, input);
  const [row] = await ctx.db
    .update(chatTemplates)
    .set({
      title: input.title,
      text: content.text,
      type: content.type,
      media: content.media,
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(chatTemplates.id, id), eq(chatTemplates.ownerId, actor.ownerId)))
    .returning();
  // deleted meanwhile
  if (!row) throw notFound();
  return toTemplate(row);
}

/** DELETE /chat/template/{id}. */
export async function deleteTemplate(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(chatTemplates)
    .where(and(eq(chatTemplates.id, id), eq(chatTemplates.ownerId, actor.ownerId)))
    .returning({ id: chatTemplates.id });
  if (!deleted.length) throw notFound();
}
