// The embedded database (PGlite) on a thread of its own: statements run here while the server's
// thread parses requests, writes answers and serves WebSockets. Plain JavaScript, so it runs as it is
// from src (tests, tsx) and from dist (copied beside main.js by scripts/build.mjs).
// Messages in: {id, op: 'query' | 'exec' | 'close', text, params, rowMode, rawTypes}. Answers:
// {id, result} or {id, error}. The server's thread keeps the order and the transactions
// (pglite-thread.ts); PGlite runs what comes in the order it comes.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** A DatabaseError's fields, which a structured clone of the error would drop. */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
];

/** A PGlite at `dir` (in memory without one), with the extensions the schema needs. */
async function start(dir, options = {}) {
  const settings = { extensions: { pg_trgm }, ...options };
  const client = dir ? new PGlite(dir, settings) : new PGlite(settings);
  await client.waitReady;
  return client;
}

/** A PGlite loaded from the template's tarball; null (after saying why) when it does not load. */
async function fromTemplate(dir, template) {
  try {
    return await start(dir, { loadDataDir: new Blob([fs.readFileSync(template)]) });
  } catch (error) {
    console.error('pglite template failed, running initdb instead', error.message);
    return null;
  }
}

/**
 * Opens the data folder, from the template when the folder is new; initdb if that fails. Without a
 * folder the database lives in memory, from the template too when given (the tests' migrated one).
 */
async function open({ dir, template }) {
  if (!dir) return (template && (await fromTemplate(undefined, template))) || start(undefined);
  fs.mkdirSync(dir, { recursive: true });
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh && template) {
    const client = await fromTemplate(dir, template);
    if (client) return client;
    // a half-loaded folder would not start initdb
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
  return start(dir);
}

const identity = (value) => value;

let db;
try {
  db = await open(workerData);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: { message: error?.message ?? String(error) } });
}

parentPort.on('message', async ({ id, op, text, params, rowMode, rawTypes }) => {
  try {
    if (op === 'close') {
      await db.close();
      parentPort.postMessage({ id, result: null });
      return;
    }
    // the types the caller parses itself arrive as PostgreSQL's text
    const options = { rowMode, parsers: Object.fromEntries(rawTypes.map((type) => [type, identity])) };
    const result = op === 'exec' ? await db.exec(text, options) : await db.query(text, params, options);
    parentPort.postMessage({ id, result });
  } catch (error) {
    const fields = { message: error?.message ?? String(error) };
    for (const key of ERROR_FIELDS) if (error?.[key] !== undefined) fields[key] = error[key];
    parentPort.postMessage({ id, error: fields });
  }
});
