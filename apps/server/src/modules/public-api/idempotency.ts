import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS, PUBLIC_API_MESSAGES, idempotencyKey } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { apiIdempotency } from '../../db/schema';
import { coalescer, perDatabase } from '../../lib/coalesce';
import { AppError } from '../../lib/errors';

/** How long a key answers with its first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A repeat arriving while the first request still runs waits this long for its answer, then 409. */
const WAIT_MS = 2_000;
const POLL_MS = 25;
/** A first request still unanswered after this long died with its process: a repeat takes the key over. */
const ABANDONED_MS = 2 * 60 * 1000;

/** What a public POST answers: its status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** The key of a request: null without the header; 400 for a malformed one. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const parsed = idempotencyKey.safeParse(header);
  if (!parsed.success) {
    throw new AppError('VALIDATION', PUBLIC_API_MESSAGES.idempotencyKeyInvalid, {
      'idempotency-key': PUBLIC_API_MESSAGES.idempotencyKeyInvalid,
    });
  }
  return parsed.data;
}

/** JSON with every object's keys sorted: the same body however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * sha256 of the method, the path (with its query) and the body: what "the same request" means. A body
 * not parsed as JSON (an upload, read as a stream) is given as its digest.
 */
function requestHashOf(request: FastifyRequest, bodyDigest?: string): string {
  const body = bodyDigest === undefined ? canonical(request.body) : `digest:${bodyDigest}`;
  return sha256(`${request.method}\n${request.url}\n${body}`);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The temporaryId of a message sent under a key: the same number, key and request always give the
 * same one, so even a repeat the key's row no longer guards (its first request died, or the row was
 * pruned) stores nothing new - the chat's messages are unique on temporaryId (storeOutbound).
 */
export function temporaryIdFor(accountId: string, key: string, requestHash: string): string {
  const digest = createHash('sha256').update(`${accountId}\n${key}\n${requestHash}`).digest();
  return Array.from(digest.subarray(0, LIMITS.temporaryIdLength), (b) => ALPHABET[b % ALPHABET.length]).join(
    '',
  );
}

type Claim = { mine: true } | { mine: false; status: number; body: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the key for this request, or finds its first answer. The row is inserted first (ON CONFLICT
 * DO NOTHING): of any number of repeats at once, in any process, exactly one inserts it and does the
 * work; the others wait briefly for its answer, then get 409.
 */
async function claim(ctx: AppContext, accountId: string, key: string, hash: string): Promise<Claim> {
  const pk = and(eq(apiIdempotency.accountId, accountId), eq(apiIdempotency.key, key));
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = ctx.clock.now();
    if (await keyTaker(ctx.db)({ accountId, key, hash, now })) return { mine: true };
    let [row] = await ctx.db.select().from(apiIdempotency).where(pk).limit(1);
    if (!row) continue;
    if (row.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      // expired but not yet pruned: the key is free again
      await ctx.db.delete(apiIdempotency).where(and(pk, eq(apiIdempotency.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== hash) throw new AppError('CONFLICT', PUBLIC_API_MESSAGES.idempotencyKeyReused);
    if (row.status === null && row.createdAt.getTime() <= now.getTime() - ABANDONED_MS) {
      const [taken] = await ctx.db
        .update(apiIdempotency)
        .set({ createdAt: now })
        .where(and(pk, isNull(apiIdempotency.status), eq(apiIdempotency.createdAt, row.createdAt)))
        .returning({ key: apiIdempotency.key });
      if (taken) return { mine: true };
      continue;
    }
    while (row && row.status === null && Date.now() < deadline) {
      await sleep(POLL_MS);
      [row] = await ctx.db.select().from(apiIdempotency).where(pk).limit(1);
    }
    if (!row) continue;
    if (row.status !== null && row.body !== null) return { mine: false, status: row.status, body: row.body };
    throw new AppError('CONFLICT', PUBLIC_API_MESSAGES.idempotencyInProgress, undefined, {
      'retry-after': '1',
    });
  }
  throw new AppError('CONFLICT', PUBLIC_API_MESSAGES.idempotencyInProgress, undefined, {
    'retry-after': '1',
  });
}

/**
 * Runs a public POST under its `Idempotency-Key` (when sent): the first request with a key does the
 * work and its answer (2xx) is kept 24 h for the number; the same key with the same method, path and
 * body is answered that answer again (header `Idempotent-Replayed: true`), with another body 409. A
 * refusal (4xx) or a failure (5xx) keeps nothing and frees the key, as Stripe keeps no answer of a
 * request that did not run: a 402 before paying must not stay the answer for a day. `run` gets the key and the request's hash.
 * `bodyDigest` stands for a body that is not JSON (an upload: the digest of its file).
 */
export async function idempotent(
  ctx: AppContext,
  accountId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (keyed: { key: string; hash: string } | null) => Promise<Answer>,
  bodyDigest?: string,
): Promise<FastifyReply> {
  const key = keyOf(request);
  if (key === null) {
    const answer = await run(null);
    return reply.code(answer.status).send(answer.body as never);
  }
  const hash = requestHashOf(request, bodyDigest);
  const claimed = await claim(ctx, accountId, key, hash);
  if (!claimed.mine) {
    return reply
      .code(claimed.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(claimed.body as never);
  }
  const pk = and(eq(apiIdempotency.accountId, accountId), eq(apiIdempotency.key, key));
  let answer: Answer;
  try {
    answer = await run({ key, hash });
  } catch (error) {
    // a refusal (4xx) did nothing (every check runs before anything is written) and a failure (5xx)
    // may be passing: either frees the key, so the request can be sent again with it once its cause
    // is gone (a payment made, a number connected, a body corrected). A message a failure may have
    // stored is not stored twice (temporaryIdFor).
    await ctx.db
      .delete(apiIdempotency)
      .where(and(pk, isNull(apiIdempotency.status)))
      .catch((err: unknown) => ctx.log.warn({ err }, 'idempotency key release failed'));
    throw error;
  }
  await answerKeeper(ctx.db)({ accountId, key, status: answer.status, body: JSON.stringify(answer.body) });
  return reply.code(answer.status).send(answer.body as never);
}

type KeyClaim = { accountId: string; key: string; hash: string; now: Date };
type KeptAnswer = { accountId: string; key: string; status: number; body: string };

/*
 * The two statements every keyed POST runs (taking the key, keeping its answer): concurrent requests'
 * go as one statement (lib/coalesce.ts), a lone one as a named prepared statement (building them
 * through Drizzle cost more CPU than PostgreSQL spent on them).
 */

/** Inserts the key's row; true when this call inserted it (of a batch's repeats, the first). */
const keyTaker = perDatabase((db: Db) => {
  const one = claimQuery(db).prepare('api_idempotency_claim');
  return coalescer<KeyClaim, boolean>(
    async (claims) => {
      const input = claims.map((c) => ({
        account_id: c.accountId,
        key: c.key,
        request_hash: c.hash,
        created_at: c.now.toISOString(),
      }));
      const { rows } = (await db.execute(sql`
          insert into ${apiIdempotency} (account_id, key, request_hash, created_at)
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as x(account_id text, key text, request_hash text, created_at timestamptz)
          on conflict do nothing
          returning account_id, key`)) as unknown as { rows: { account_id: string; key: string }[] };
      const inserted = new Set(rows.map((row) => `${row.account_id} ${row.key}`));
      // a key sent twice in one batch was inserted once: the first of them has it
      return claims.map((c) => inserted.delete(`${c.accountId} ${c.key}`));
    },
    async (claim) => (await one.execute(claim)).length > 0,
  );
});

const claimQuery = (db: Db) =>
  db
    .insert(apiIdempotency)
    .values({
      accountId: sql.placeholder('accountId'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('hash'),
      createdAt: sql.placeholder('now'),
    })
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.key });

/** Keeps a key's answer (only the call that took the key answers it). */
const answerKeeper = perDatabase((db: Db) => {
  const one = answerQuery(db).prepare('api_idempotency_answer');
  return coalescer<KeptAnswer, void>(
    async (answers) => {
      const input = answers.map((a) => ({
        account_id: a.accountId,
        key: a.key,
        status: a.status,
        body: a.body,
      }));
      // the keys' rows by primary key whatever the estimates (the planner guesses 100 rows for the
      // batch, and a scan of the whole table looked cheaper while it was young)
      await db.execute(sql`
          with x as (
            select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
              as x(account_id text, key text, status int, body text)
          )
          update ${apiIdempotency} set status = x.status, body = x.body from x
          where ${apiIdempotency.accountId} = any(array(select distinct account_id from x))
            and ${apiIdempotency.key} = any(array(select key from x))
            and ${apiIdempotency.accountId} = x.account_id and ${apiIdempotency.key} = x.key`);
      return answers.map(() => undefined);
    },
    async (answer) => {
      await one.execute(answer);
    },
  );
});

const answerQuery = (db: Db) =>
  db
    .update(apiIdempotency)
    .set({ status: sql`${sql.placeholder('status')}::int`, body: sql`${sql.placeholder('body')}::text` })
    .where(
      and(
        eq(apiIdempotency.accountId, sql.placeholder('accountId')),
        eq(apiIdempotency.key, sql.placeholder('key')),
      ),
    );

/** Housekeeping: keys older than 24 h are forgotten. */
export async function pruneIdempotency(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - IDEMPOTENCY_TTL_MS);
  await ctx.db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, cutoff));
}
