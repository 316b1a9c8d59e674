import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Article, ArticleBody, ArticleStatus, articleListQuery } from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { articles } from '../../db/schema';
import { escapeLike, isUniqueViolation } from '../../db/sql';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../admin/audit';
import type { AuthContext } from '../auth/sessions';
import { isArticleCoverUrl } from './cover';
import { ARTICLE_MESSAGES as M } from './messages';
import { sanitizeArticleHtml } from './sanitize';

type ArticleRow = typeof articles.$inferSelect;
type ArticleListQuery = z.output<typeof articleListQuery>;
type Operator = Pick<AuthContext, 'kind' | 'subjectId'>;

export const notFound = () => new AppError('NOT_FOUND', M.notFound);
const slugTaken = () => new AppError('CONFLICT', M.slugTaken, { slug: M.slugTaken });

/** The row as the API shows it. */
export function toArticle(row: ArticleRow): Article {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    coverUrl: row.coverUrl,
    bodyHtml: row.bodyHtml,
    status: row.status as ArticleStatus,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * What the audit log keeps of an article: everything but the body, which can be 200 KB and is
 * written on every save; its length says that it changed.
 */
function audited(a: Article) {
  const { bodyHtml, ...rest } = a;
  return { ...rest, bodyLength: bodyHtml.length };
}

async function findRow(db: Db | Tx, id: string): Promise<ArticleRow | null> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row ?? null;
}

/** The body stored: sanitised, and the cover checked (only an http(s) address or our own images). */
async function cleanInput(input: ArticleBody): Promise<ArticleBody> {
  const coverUrl = input.coverUrl?.trim() || null;
  if (coverUrl && !isArticleCoverUrl(coverUrl)) {
    throw new AppError('VALIDATION', M.coverUrlInvalid, { coverUrl: M.coverUrlInvalid });
  }
  return { ...input, coverUrl, bodyHtml: await sanitizeArticleHtml(input.bodyHtml) };
}

/** GET /admin/article: searched by title or slug, by status, the last changed first. */
export async function listArticles(
  ctx: AppContext,
  query: ArticleListQuery,
): Promise<{ docs: Article[]; hasNextPage: boolean }> {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const rows = await ctx.db
    .select()
    .from(articles)
    .where(
      and(
        pattern ? or(ilike(articles.title, pattern), ilike(articles.slug, pattern)) : undefined,
        query.status ? eq(articles.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toArticle), hasNextPage: rows.length > query.limit };
}

/** GET /admin/article/{id}: a draft or a published one. */
export async function getArticle(ctx: AppContext, id: string): Promise<Article> {
  const row = await findRow(ctx.db, id);
  if (!row) throw notFound();
  return toArticle(row);
}

/** POST /admin/article: a new draft; 409 when another article has the slug (even at the same instant). */
export async function createArticle(ctx: AppContext, auth: Operator, body: ArticleBody): Promise<Article> {
  const input = await cleanInput(body);
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(articles)
        .values({ ...input, status: 'draft', authorAdminId: auth.subjectId, createdAt: now, updatedAt: now })
        .returning();
      const created = toArticle(row!);
      await recordAudit(
        ctx,
        auth,
        { action: 'article.create', targetType: 'article', targetId: created._id, after: audited(created) },
        tx,
      );
      return created;
    });
  } catch (error) {
    // the unique index decides between two saves of one slug: one wins, the other is told
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** PUT /admin/article/{id}: the whole article as the form sends it; a published one stays published. */
export async function updateArticle(
  ctx: AppContext,
  auth: Operator,
  id: string,
  body: ArticleBody,
): Promise<Article> {
  const input = await cleanInput(body);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await findRow(tx, id);
      if (!before) throw notFound();
      const [row] = await tx
        .update(articles)
        .set({ ...input, updatedAt: ctx.clock.now() })
        .where(eq(articles.id, id))
        .returning();
      const updated = toArticle(row!);
      await recordAudit(
        ctx,
        auth,
        {
          action: 'article.update',
          targetType: 'article',
          targetId: id,
          before: audited(toArticle(before)),
          after: audited(updated),
        },
        tx,
      );
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/**
 * POST /admin/article/{id}/publish and /unpublish. Publishing dates the article now (a published one
 * keeps its date); an empty body cannot be published. Unpublishing makes it a draft again, off the
 * public pages at once.
 */
export async function setPublished(
  ctx: AppContext,
  auth: Operator,
  id: string,
  publish: boolean,
): Promise<Article> {
  return ctx.db.transaction(async (tx) => {
    const before = await findRow(tx, id);
    if (!before) throw notFound();
    if (publish && !before.bodyHtml.replace(/<[^>]*>/g, '').trim() && !before.bodyHtml.includes('<img')) {
      throw new AppError('VALIDATION', M.bodyEmpty, { bodyHtml: M.bodyEmpty });
    }
    const now = ctx.clock.now();
    const [row] = await tx
      .update(articles)
      .set(
        publish
          ? {
              status: 'published',
              publishedAt: before.status === 'published' ? before.publishedAt : now,
              updatedAt: now,
            }
          : { status: 'draft', publishedAt: null, updatedAt: now },
      )
      .where(eq(articles.id, id))
      .returning();
    const after = toArticle(row!);
    await recordAudit(
      ctx,
      auth,
      {
        action: publish ? 'article.publish' : 'article.unpublish',
        targetType: 'article',
        targetId: id,
        before: audited(toArticle(before)),
        after: audited(after),
      },
      tx,
    );
    return after;
  });
}

/** DELETE /admin/article/{id}: gone from the admin list and the public pages. */
export async function deleteArticle(ctx: AppContext, auth: Operator, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(articles).where(eq(articles.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(
      ctx,
      auth,
      { action: 'article.delete', targetType: 'article', targetId: id, before: audited(toArticle(row)) },
      tx,
    );
  });
}

// ------------------------------------------------------------------------------------------------
// public

/** GET /article: the published articles, the newest first, without their bodies. */
export async function listPublished(ctx: AppContext, query: { page: number; limit: number }) {
  const rows = await ctx.db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      summary: articles.summary,
      coverUrl: articles.coverUrl,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(eq(articles.status, 'published'))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: rows.slice(0, query.limit).map((row) => ({
      _id: row.id,
      title: row.title,
      slug: row.slug,
      summary: row.summary,
      coverUrl: row.coverUrl,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    hasNextPage: rows.length > query.limit,
  };
}

/** A published article by its slug, or null (a draft is never found here). */
export async function findPublished(ctx: AppContext, slug: string): Promise<Article | null> {
  const [row] = await ctx.db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), eq(articles.status, 'published')))
    .limit(1);
  return row ? toArticle(row) : null;
}

/** GET /article/{slug}: a published article, else 404 'Artikel tidak ditemukan'. */
export async function getPublished(ctx: AppContext, slug: string): Promise<Article> {
  const found = await findPublished(ctx, slug);
  if (!found) throw notFound();
  return found;
}
