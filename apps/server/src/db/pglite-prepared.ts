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

/** Per PGlite instance (one session): statement text -> its preparation (shared by concurrent calls). */
const preparedOf = new WeakMap<PgliteLike, { statements: Map<string, Promise<Prepared>>; named: number }>();

/** Bounded, so odd one-off statements cannot grow a session's statements forever. */
const MAX_PREPARED = 2000;

/** PGlite's query surface: a PGlite, or PgliteThread (its own thread). */
export interface PgliteLike {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Runner) => Promise<T>): Promise<T>;
}

type Runner = Pick<PgliteLike, 'query' | 'exec'>;

/** The query surface drizzle's PGlite driver uses (query, transaction), preparing statements. */
export class PreparingPglite {
  constructor(
    private readonly pglite: PgliteLike,
    private readonly rules: {
      /** whether a statement is prepared (those with parameters only) */
      prepared: (text: string) => boolean;
      /** whether a prepared statement always runs its generic plan (plan_cache_mode, for its transaction) */
      generic: (text: string) => boolean;
    },
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

async function run<T>(
  pglite: PgliteLike,
  runner: Runner,
  rules: PreparingPglite['rules'],
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
  let session = preparedOf.get(pglite);
  if (!session) preparedOf.set(pglite, (session = { statements: new Map(), named: 0 }));
  let preparing = session.statements.get(text);
  const started = !preparing;
  if (!preparing) {
    if (session.statements.size >= MAX_PREPARED) return runner.query<T>(text, params, options);
    preparing = prepare(runner, `pgl_${session.named++}`, text);
    session.statements.set(text, preparing);
    // a statement that failed to prepare (its transaction had failed, say) is prepared again next time
    const statements = session.statements;
    preparing.catch(() => statements.delete(text));
  }
  let prepared: Prepared;
  try {
    prepared = await preparing;
  } catch (error) {
    // another caller's preparation failed (in its own transaction, say): this one runs as it is
    if (started) throw error;
    return runner.query<T>(text, params, options);
  }
  if (prepared.types.length !== params.length) return runner.query<T>(text, params, options);
  const values = params.map((value, i) => literal(value, prepared.types[i]!));
  const execute = `execute ${prepared.name}(${values.join(',')})`;
  if (!rules.generic(text)) return runner.query<T>(execute, [], options);
  // both in one implicit transaction (or the caller's), which the setting ends with
  const results = await runner.exec(
    `select set_config('plan_cache_mode', 'force_generic_plan', true); ${execute}`,
    options,
  );
  return results[results.length - 1] as Results<T>;
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
