import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { findUp } from '../lib/find-up';
import { PreparingPglite } from './pglite-prepared';
import { PgliteThread } from './pglite-thread';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * The connections the inbox search's index statements run on (modules/chat/list.ts): on
   * PostgreSQL a small pool of its own whose sessions always use a statement's cached generic plan.
   * Those statements' generic plans are as good as custom ones, but PostgreSQL estimated them dearer
   * and planned every call anew (~0.7 ms, more than running them). On PGlite, the one connection.
   */
  searchDb: Db;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite: calls `listener` if the database's thread dies (every statement fails from then on; the
   * server exits so that its supervisor starts it again). PostgreSQL's pool replaces lost connections.
   */
  onFailure(listener: (error: Error) => void): void;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; when absent (and no url) the database lives in memory. */
  dataDir?: string | undefined;
  /**
   * A gzipped PGlite data folder to start a new data folder from instead of running initdb (about
   * 2.5 s of a first start). The build writes one beside dist/main.js; default: that file if present.
   * Without `dataDir`, the in-memory database starts from it when given (no default): the tests start
   * each file's database from one migrated at the start of the run (test/global-setup.ts).
   */
  pgliteTemplate?: string | undefined;
}

/** The template the build leaves beside the bundle (scripts/build.mjs); absent when run from src. */
function defaultTemplate(): string | undefined {
  const file = path.join(import.meta.dirname, 'pglite-template.tar.gz');
  return fs.existsSync(file) ? file : undefined;
}

const migrationsFolder = () =>
  findUp('drizzle/meta/_journal.json', import.meta.dirname).replace(/\/meta\/_journal\.json$/, '');

/**
 * Searches (LIKE, ILIKE) stay unnamed, so each call is planned with its own pattern: PostgreSQL may
 * switch a named statement to a cached generic plan after five calls, and a generic plan cannot know
 * whether a searched word is rare or in every message. Forcing custom plans for every statement
 * instead cost the inbox list ~0.15 ms of planning per call.
 */
const PATTERN_MATCH = /\s(i?like)\s/i;

/**
 * A statement holding this comment is named even when it has LIKE or ILIKE: its caller knows one
 * generic plan serves every pattern (the search's first pass over the newest chats) and sets
 * plan_cache_mode to force_generic_plan around it, saving the ~0.6 ms of planning a call.
 */
export const GENERIC_PLAN_MARK = '/* generic plan */';

/** How many statements each connection keeps prepared by default (see PreparingClient). */
export const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * A pg client that runs every parameterised statement (but searches, see PATTERN_MATCH) as a named
 * prepared statement, so each pooled connection parses it once and PostgreSQL may keep its plan.
 * Only statements with parameters are named: those are always single statements. A statement that
 * comes named (drizzle's `.prepare(name)`) is named here the same way, by its text.
 *
 * Named statements live per connection, so each client keeps its own: at most `maxPrepared`, the
 * least recently used deallocated to make room (one-off shapes cannot grow a connection's statements,
 * in PostgreSQL's memory and pg's, forever). Sound because a connection runs its queries one after
 * the other: the DEALLOCATE is queued behind every query already given the old name, and a name is
 * never given again. In a failed transaction it would be refused, so it waits for the next eviction.
 */
export class PreparingClient extends pg.Client {
  /** statement text -> its name on this connection, least recently used first */
  private readonly names = new Map<string, string>();
  private readonly evicted: string[] = [];
  private named = 0;
  private readonly maxPrepared: number;

  constructor(config?: pg.ClientConfig & { maxPrepared?: number }) {
    super(config);
    this.maxPrepared = Math.max(1, config?.maxPrepared ?? MAX_PREPARED_PER_CONNECTION);
  }

  override query(...args: unknown[]): never {
    const [config, values] = args as [unknown, unknown];
    if (
      config &&
      typeof config === 'object' &&
      typeof (config as { submit?: unknown }).submit !== 'function' &&
      typeof (config as pg.QueryConfig).text === 'string'
    ) {
      const query = config as pg.QueryConfig;
      const params = Array.isArray(values) ? values : query.values;
      const named =
        !!query.name ||
        (!!params?.length && (!PATTERN_MATCH.test(query.text) || query.text.includes(GENERIC_PLAN_MARK)));
      if (named) args[0] = { ...query, name: this.nameOf(query.text) };
    }
    return (super.query as unknown as (...a: unknown[]) => never)(...args);
  }

  /** The statement's name on this connection, now its most recently used. */
  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (name !== undefined) {
      this.names.delete(text);
      this.names.set(text, name);
      return name;
    }
    while (this.names.size >= this.maxPrepared) {
      const [oldest, old] = this.names.entries().next().value!;
      this.names.delete(oldest);
      this.evicted.push(old);
    }
    name = `s${this.named++}`;
    this.names.set(text, name);
    this.deallocateEvicted();
    return name;
  }

  private deallocateEvicted(): void {
    // a failed transaction refuses every statement until it ends
    if (!this.evicted.length || this.getTransactionStatus() === 'E') return;
    const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } })
      .connection.parsedStatements;
    for (const name of this.evicted.splice(0)) {
      void (super.query(`deallocate ${name}`) as Promise<unknown>).then(
        () => delete parsed[name],
        // still prepared (a transaction failed meanwhile): the next eviction tries again; a name
        // whose statement never parsed (its query failed) is simply forgotten
        () => {
          if (name in parsed) this.evicted.push(name);
        },
      );
    }
  }
}

/** Opens PostgreSQL or PGlite and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 20,
      Client: PreparingClient,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error('postgres pool error', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() });
    // the setting travels in the connection's startup packet: set before any statement runs on it
    const searchPool = new pg.Pool({
      connectionString: options.url,
      max: 8,
      Client: PreparingClient,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    searchPool.on('error', (err) => console.error('postgres pool error', err.message));
    return {
      kind: 'postgres',
      db,
      searchDb: drizzlePg(searchPool, { schema }) as unknown as Db,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.all([pool.end(), searchPool.end()]);
      },
      onFailure: () => undefined,
    };
  }
  const client = new PgliteThread(
    options.dataDir
      ? {
          dir: path.join(options.dataDir, 'pglite'),
          template: 'pgliteTemplate' in options ? options.pgliteTemplate : defaultTemplate(),
        }
      : { template: options.pgliteTemplate },
  );
  await client.waitReady;
  await migratePglite(drizzlePglite(client as unknown as PGlite), { migrationsFolder: migrationsFolder() });
  // statements with parameters run prepared, except searches (see PATTERN_MATCH), as on PostgreSQL;
  // those marked run their generic plan, as on PostgreSQL's search pool
  const preparing = new PreparingPglite(client, {
    prepared: (text) => !PATTERN_MATCH.test(text) || text.includes(GENERIC_PLAN_MARK),
    generic: (text) => text.includes(GENERIC_PLAN_MARK),
  });
  const db = drizzlePglite(preparing as unknown as PGlite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    searchDb: db,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    onFailure: (listener) => client.onFailure(listener),
  };
}
