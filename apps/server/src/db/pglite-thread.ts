import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * The embedded database on a thread of its own (pglite-worker.mjs), with PGlite's query surface as
 * drizzle and PreparingPglite use it: query, exec, transaction. PGlite in the server's own thread
 * held it for every statement: at 50 clients the inbox list's answers queued behind each other's
 * statements and behind the sockets the thread could not read meanwhile (p95 ~440 ms for 1.2 ms of
 * work each).
 *
 * Order: statements reach the worker in the order they are sent and run in that order. A transaction
 * holds `gate` from its `begin` to its `commit` or `rollback`: statements outside it wait to be sent,
 * as PGlite's own transaction lock made them wait.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private gate: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  private notReady: ((error: Error) => void) | null = null;
  private closing = false;
  private readonly failureListeners: ((error: Error) => void)[] = [];
  readonly waitReady: Promise<void>;

  constructor(options: { dir?: string | undefined; template?: string | undefined }) {
    this.worker = new Worker(workerFile(), { workerData: { dir: options.dir, template: options.template } });
    this.waitReady = new Promise((resolve, reject) => {
      // a thread that fails or exits before it is ready fails the wait
      this.notReady = reject;
      this.worker.once('message', (message: { ready: boolean; error?: { message: string } }) => {
        this.notReady = null;
        if (message.ready) resolve();
        else {
          reject(new Error(`PGlite did not open: ${message.error?.message}`));
          void this.worker.terminate();
        }
        this.worker.on('message', (answer: Answer) => this.settle(answer));
      });
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`PGlite thread exited (${code})`)));
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this.gate;
    return this.send<T>('query', text, params, options);
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    await this.gate;
    return this.send<Results[]>('exec', text, undefined, options) as unknown as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: Pick<PgliteThread, 'query' | 'exec'>) => Promise<T>): Promise<T> {
    // wait for the transaction before, then hold the gate until this one ends
    let open!: () => void;
    const previous = this.gate;
    this.gate = previous.then(() => new Promise<void>((resolve) => (open = resolve)));
    await previous;
    try {
      await this.send('exec', 'begin');
      const tx = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
          this.send<R>('query', text, params, options),
        exec: (text: string, options?: QueryOptions) =>
          this.send('exec', text, undefined, options) as unknown as Promise<Results[]>,
      };
      try {
        const result = await callback(tx);
        await this.send('exec', 'commit');
        return result;
      } catch (error) {
        await this.send('exec', 'rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      open();
    }
  }

  /** Calls `listener` once if the thread fails or exits before close(): every statement fails then. */
  onFailure(listener: (error: Error) => void): void {
    this.failureListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.gate;
    if (!this.failure) await this.send('close', '').catch(() => undefined);
    this.failure = new Error('PGlite is closed');
    await this.worker.terminate();
  }

  private send<T>(
    op: 'query' | 'exec' | 'close',
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const parsers = options?.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, text, params: params ?? [], rowMode: options?.rowMode, rawTypes });
    }).then((result) => {
      if (!rawTypes.length || result === null) return result as Results<T>;
      for (const one of Array.isArray(result) ? (result as Results[]) : [result as Results])
        parseColumns(one, parsers, options?.rowMode === 'array');
      return result as Results<T>;
    });
  }

  private settle(answer: Answer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if ('error' in answer) waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
    else waiting.resolve(answer.result);
  }

  private fail(error: Error): void {
    const first = this.failure === null;
    this.failure ??= error;
    this.notReady?.(error);
    if (first && !this.closing) for (const listener of this.failureListeners) listener(error);
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

type Answer = { id: number; result: unknown } | { id: number; error: { message: string } };

/** The caller's own parsers, run here on the columns of their types (they arrived as text). */
function parseColumns(result: Results, parsers: NonNullable<QueryOptions['parsers']>, arrays: boolean): void {
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = arrays ? i : field.name;
      if (row[key] !== null) row[key] = parse(row[key] as string);
    }
  });
}

/** pglite-worker.mjs: beside this file in src, copied beside main.js (this code's bundle) in dist. */
const workerFile = () => new URL('./pglite-worker.mjs', import.meta.url);
