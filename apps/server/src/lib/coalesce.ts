import DataLoader from 'dataloader';

/**
 * One statement for many concurrent callers (group commit): while `maxInFlight` batches are running,
 * the calls that arrive wait and then go together as the next batch, so under load a batch holds what
 * arrived during a round trip, and a lone call goes at once (after the current turn of the event loop,
 * which gathers the calls made in it). Every round trip to the database costs the server and
 * PostgreSQL a system call or two whatever it carries - on a small machine, the most of a public API
 * send's cost (issue 26: 1,000 sends a second) - and a batch pays it once for all. Three batches may
 * run at once, so a batch held up (a row lock another transaction holds) does not hold up everyone
 * else's, and a call seldom waits for a whole batch before its own starts (the public API bench at 50
 * clients: ~1,750 sends/s with three, ~1,500 with two).
 * DataLoader (graphql/dataloader) does the batching; its cache is off, since each call must read the
 * database as it is then.
 *
 * `load` answers for every key, in order, with its value or the Error for that key alone. Should it
 * throw, each key is asked again on its own (`single`), so one caller's bad input (a row deleted under
 * it) fails that caller only, never the others batched with it.
 */
export function coalescer<K, V>(
  load: (keys: readonly K[]) => Promise<(V | Error)[]>,
  single: (key: K) => Promise<V>,
  { maxBatchSize = 200, maxInFlight = 3 }: { maxBatchSize?: number; maxInFlight?: number } = {},
): (key: K) => Promise<V> {
  /** batches dispatched or about to be, at most maxInFlight */
  let slots = 0;
  /** batches waiting for a slot, in the order they were made */
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // the slot passes to the next batch waiting, or is freed
    if (next) next();
    else slots--;
  };
  const loader = new DataLoader<K, V>(
    (keys) => {
      const run = keys.length === 1 ? single(keys[0]!).then((v) => [v]) : batchOrEach(keys);
      void run.then(release, release);
      return run;
    },
    {
      cache: false,
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        if (slots < maxInFlight) {
          slots++;
          setImmediate(dispatch);
        } else waiting.push(dispatch);
      },
    },
  );

  async function batchOrEach(keys: readonly K[]): Promise<(V | Error)[]> {
    try {
      return await load(keys);
    } catch {
      return Promise.all(keys.map((key) => single(key).catch((error: unknown) => asError(error))));
    }
  }

  return (key) => loader.load(key);
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * `make`'s answer for a database, made on its first call and kept while the database is (a coalescer
 * and its prepared statements belong to one database: the tests run several).
 */
export function perDatabase<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
