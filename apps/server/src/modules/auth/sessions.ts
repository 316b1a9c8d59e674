import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { agents, sessions, users } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export type SessionKind = 'user' | 'agent' | 'admin';

/** Who is calling. For agents, ownerId is their tenant and agentId their own record. */
export interface AuthContext {
  sessionId: string;
  kind: SessionKind;
  subjectId: string;
  ownerId: string | null;
}

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/** A checked token is trusted this long without a query; revocations are pushed to every process at once. */
const CACHE_MS = 10_000;

interface CachedSession {
  auth: AuthContext;
  until: number;
  expiresAt: number;
}
const caches = new WeakMap<AppContext, Map<string, CachedSession>>();
function cacheOf(ctx: AppContext): Map<string, CachedSession> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
}

/** Drops cached sessions matching a revocation (called for revocations from any process). */
export function forgetSessions(
  ctx: AppContext,
  match: { sessionId?: string; kind?: SessionKind; subjectId?: string; ownerId?: string },
): void {
  const cache = cacheOf(ctx);
  for (const [key, entry] of cache) {
    const a = entry.auth;
    if (
      (match.sessionId && a.sessionId === match.sessionId) ||
      (match.subjectId && a.subjectId === match.subjectId && a.kind === match.kind) ||
      (match.ownerId && a.ownerId === match.ownerId && a.kind !== 'admin')
    ) {
      cache.delete(key);
    }
  }
}

export async function createSession(
  ctx: AppContext,
  input: { kind: SessionKind; subjectId: string; ownerId: string | null; ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.db.insert(sessions).values({
    tokenHash: sha256(token),
    kind: input.kind,
    subjectId: input.subjectId,
    ownerId: input.ownerId,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  if (input.ownerId) await markOwnerActive(ctx, input.ownerId, now);
  return token;
}

/**
 * The owner's last activity (issue 23's users page): moved when the owner or one of their agents
 * signs in or a session is touched, at most once per TOUCH_EVERY_MS per owner (an owner with many
 * agents busy at once gets one write, the rest match no row).
 */
async function markOwnerActive(ctx: AppContext, ownerId: string, now: Date): Promise<void> {
  await ctx.db
    .update(users)
    .set({ lastActiveAt: now })
    .where(
      and(
        eq(users.id, ownerId),
        or(isNull(users.lastActiveAt), lt(users.lastActiveAt, new Date(now.getTime() - TOUCH_EVERY_MS))),
      ),
    );
}

/** The live session behind a token, sliding its expiry forward now and then. */
export async function resolveSession(ctx: AppContext, token: string): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const cache = cacheOf(ctx);
  const nowMs = ctx.clock.now().getTime();
  const hit = cache.get(hash);
  if (hit && hit.until > nowMs && hit.expiresAt > nowMs) return hit.auth;
  const [row] = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt)))
    .limit(1);
  const now = ctx.clock.now();
  if (!row || row.expiresAt <= now) {
    cache.delete(hash);
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.id));
    if (row.ownerId) await markOwnerActive(ctx, row.ownerId, now);
  }
  const auth: AuthContext = {
    sessionId: row.id,
    kind: row.kind,
    subjectId: row.subjectId,
    ownerId: row.ownerId,
  };
  if (cache.size > 10_000) cache.clear();
  cache.set(hash, { auth, until: nowMs + CACHE_MS, expiresAt: row.expiresAt.getTime() });
  return auth;
}

export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.update(sessions).set({ revokedAt: ctx.clock.now() }).where(eq(sessions.id, sessionId));
  forgetSessions(ctx, { sessionId });
  ctx.bus.publish({ kind: 'revoke', sessionId });
}

/** Ends every session of a person, except optionally the one making the change. */
export async function revokeAllSessions(
  ctx: AppContext,
  kind: SessionKind,
  subjectId: string,
  exceptSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.kind, kind), eq(sessions.subjectId, subjectId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(...conditions));
  forgetSessions(ctx, { kind, subjectId });
  ctx.bus.publish({ kind: 'revoke', subject: { kind, subjectId }, exceptSessionId });
}

/**
 * Ends every session of a tenant at once, the owner's and each of their agents' (an operator
 * disabled the owner, issue 23), in the caller's transaction. Returns the announcement to make after
 * commit: every process drops the sessions from its cache and closes their sockets.
 */
export async function revokeTenantSessions(
  ctx: AppContext,
  ownerId: string,
  db: Db | Tx = ctx.db,
): Promise<() => void> {
  const team = db.select({ id: agents.id }).from(agents).where(eq(agents.ownerId, ownerId));
  await db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        isNull(sessions.revokedAt),
        // by (kind, subject): the sessions_subject_idx answers both
        or(
          and(eq(sessions.kind, 'user'), eq(sessions.subjectId, ownerId)),
          and(eq(sessions.kind, 'agent'), inArray(sessions.subjectId, team)),
        ),
      ),
    );
  return () => {
    forgetSessions(ctx, { ownerId });
    ctx.bus.publish({ kind: 'revoke', ownerId });
  };
}
