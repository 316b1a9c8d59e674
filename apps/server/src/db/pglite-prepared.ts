import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite's query() parses and plans every statement anew: its protocol path has no named statements.
 * The inbox's list statement spent 1.7 ms a call that way, and 0.6 ms as `EXECUTE` of a statement
 * prepared once with `PREPARE` (PostgreSQL keeps its plan, as for the named statements the
 * PostgreSQL pool uses, db/client.ts). `EXECUTE` takes no protocol parameters, so the values are
 * written into its text as quoted literals, each read by its parameter's type as PostgreSQL reads a
 * protocol parameter sent as text.
 */

/** What a statement needs to be executed by name: its name and its parameters' types. */
interface Prepared {
  name: string;
  types: string[];
}

/** One statement of a session: its preparation (shared by concurrent calls) and who is using it. */
interface Entry {
  preparing: Promise<Prepared>;
  /** calls between looking the statement up and their EXECUTE's answer */
  users: number;
  /** pushed out of the cache while in use: deallocated when the last user is done */
  evicted: boolean;
}

/**
 * Per PGlite instance (one session): statement text -> its entry, least recently used first. Bounded
 * (`maxPrepared`): the statement used longest ago is deallocated to make room, so one-off shapes
 * (a search with an unusual number of words, say) cannot grow the session's statements forever.
 */
const sessions = new WeakMap<PgliteLike, { statements: Map<string, Entry>; named: number }>();

/** How many statements a session keeps prepared by default. */
export const MAX_PREPARED = 500;

/** PGlite's query surface: a PGlite, or PgliteThread (its own thread). */
export interface PgliteLike {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Runner) => Promise<T>): Promise<T>;
}

type Runner = Pick<PgliteLike, 'query' | 'exec'>;

interface Rules {
  /** whether a statement is prepared (those with parameters only) */
  prepared: (text: string) => boolean;
  /** whether a prepared statement always runs its generic plan (plan_cache_mode, for its transaction) */
  generic: (text: string) => boolean;
  /** how many statements the session keeps prepared (MAX_PREPARED) */
  maxPrepared?: number;
}

/** The query surface drizzle's PGlite driver uses (query, transaction), preparing statements. */
export class PreparingPglite {
  constructor(
    private readonly pglite: PgliteLike,
    private readonly rules: Rules,
  ) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return run<T>(this.pglite, this.pglite, this.rules, text, params, options);
  }

  transaction<T>(callback: (tx: Runner) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) =>
      callback({
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
          run<R>(this.pglite, tx, this.rules, text, params, options),
        exec: tx.exec.bind(tx),
      }),
    );
  }
}

/**
 * Frees an evicted statement. Sent on the session itself, not on the caller's transaction, and not
 * awaited: it runs after the statements sent before it, once any open transaction has ended (so a
 * failed transaction cannot refuse it, and nothing waits on it).
 */
function deallocate(pglite: PgliteLike, entry: Entry): void {
  entry.preparing.then(
    ({ name }) => void pglite.exec(`deallocate ${name}`).catch(() => undefined),
    () => undefined,
  );
}

/** The session's entry for `text`, now the most recently used, and whether this call created it. */
function entryFor(
  pglite: PgliteLike,
  runner: Runner,
  rules: Rules,
  text: string,
): { entry: Entry; created: boolean } {
  let session = sessions.get(pglite);
  if (!session) sessions.set(pglite, (session = { statements: new Map(), named: 0 }));
  const { statements } = session;
  const entry = statements.get(text);
  if (entry) {
    statements.delete(text);
    statements.set(text, entry);
    return { entry, created: false };
  }
  const max = Math.max(1, rules.maxPrepared ?? MAX_PREPARED);
  while (statements.size >= max) {
    const [oldest, old] = statements.entries().next().value!;
    statements.delete(oldest);
    old.evicted = true;
    if (old.users === 0) deallocate(pglite, old);
  }
  const created: Entry = {
    preparing: prepare(runner, `pgl_${session.named++}`, text),
    users: 0,
    evicted: false,
  };
  statements.set(text, created);
  // a statement that failed to prepare (its transaction had failed, say) is prepared again next time
  created.preparing.catch(() => {
    if (statements.get(text) === created) statements.delete(text);
  });
  return { entry: created, created: true };
}

async function run<T>(
  pglite: PgliteLike,
  runner: Runner,
  rules: Rules,
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  // a NUL cannot be written into a statement's text: such a value fails as a parameter, as before
  if (
    !params?.length ||
    !rules.prepared(text) ||
    params.some((p) => typeof p === 'string' && p.includes('\0'))
  )
    return runner.query<T>(text, params, options);
  const { entry, created } = entryFor(pglite, runner, rules, text);
  entry.users++;
  try {
    let prepared: Prepared;
    try {
      prepared = await entry.preparing;
    } catch (error) {
      // another caller's preparation failed (in its own transaction, say): this one runs as it is
      if (created) throw error;
      return await runner.query<T>(text, params, options);
    }
    if (prepared.types.length !== params.length) return await runner.query<T>(text, params, options);
    const values = params.map((value, i) => literal(value, prepared.types[i]!));
    const execute = `execute ${prepared.name}(${values.join(',')})`;
    if (!rules.generic(text)) return await runner.query<T>(execute, [], options);
    // both in one implicit transaction (or the caller's), which the setting ends with
    const results = await runner.exec(
      `select set_config('plan_cache_mode', 'force_generic_plan', true); ${execute}`,
      options,
    );
    return results[results.length - 1] as Results<T>;
  } finally {
    entry.users--;
    if (entry.evicted && entry.users === 0) deallocate(pglite, entry);
  }
}

/**
 * PREPARE is not undone by a rollback: a statement prepared in a transaction stays prepared. It fails
 * exactly when the statement itself would: its text is analysed the same way.
 */
async function prepare(runner: Runner, name: string, text: string): Promise<Prepared> {
  await runner.query(`prepare ${name} as ${text}`);
  const described = await runner.query<{ types: string[] }>(
    'select parameter_types::text[] as types from pg_prepared_statements where name = $1',
    [name],
  );
  return { name, types: described.rows[0]?.types ?? [] };
}

/** A value as a quoted literal of unknown type, which PostgreSQL reads with the parameter's type. */
function literal(value: unknown, type: string): string {
  if (value === null || value === undefined) return 'null';
  return `'${asText(value, type).replaceAll("'", "''")}'`;
}

function asText(value: unknown, type: string): string {
  if (typeof value === 'string') return value;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (Array.isArray(value)) return arrayText(value);
  return scalarText(value);
}

function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An array in PostgreSQL's array text form: every element quoted, `"` and `\` escaped. */
function arrayText(values: unknown[]): string {
  const items = values.map((v) =>
    v === null || v === undefined
      ? 'NULL'
      : Array.isArray(v)
        ? arrayText(v)
        : `"${scalarText(v).replace(/["\\]/g, '\\$&')}"`,
  );
  return `{${items.join(',')}}`;
}
