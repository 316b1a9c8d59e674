import DataLoader from 'dataloader';

/**
 * One statement for many concurrent callers (group commit): the calls that arrive while the previous
 * batch's statement is still running wait for it and then go together as the next batch, so under
 * load a batch holds what arrived during one round trip, and a lone call goes at once (after the
 * current turn of the event loop, which gathers the calls made in it). Every round trip to the
 * database costs the server and PostgreSQL a system call or two whatever it carries - on a small
 * machine, the most of a public API send's cost (issue 26: 1,000 sends a second) - and a batch pays it
 * once for all. DataLoader (graphql/dataloader) does the batching; its cache is off, since each call
 * must read the database as it is then.
 *
 * `load` answers for every key, in order, with its value or the Error for that key alone. Should it
 * throw, each key is asked again on its own (`single`), so one caller's bad input (a row deleted under
 * it) fails that caller only, never the others batched with it.
 */
export function coalescer<K, V>(
  load: (keys: readonly K[]) => Promise<(V | Error)[]>,
  single: (key: K) => Promise<V>,
  maxBatchSize = 200,
): (key: K) => Promise<V> {
  let inFlight: Promise<unknown> | null = null;
  const loader = new DataLoader<K, V>(
    (keys) => {
      const run = keys.length === 1 ? single(keys[0]!).then((v) => [v]) : batchOrEach(keys);
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      inFlight = settled;
      void settled.then(() => {
        if (inFlight === settled) inFlight = null;
      });
      return run;
    },
    {
      cache: false,
      maxBatchSize,
      batchScheduleFn: (dispatch) => {
        if (inFlight) void inFlight.then(dispatch);
        else setImmediate(dispatch);
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
