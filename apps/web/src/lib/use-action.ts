import { useCallback, useEffect, useRef, useState } from 'react';

/** A submit action with a pending flag, for the public pages that load without the query library. */
export function useAction<I, O>(
  action: (input: I) => Promise<O>,
): { run: (input: I) => Promise<{ ok: true; data: O } | { ok: false; error: unknown }>; isPending: boolean } {
  const [isPending, setPending] = useState(false);
  const busy = useRef(false);
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });

  const run = useCallback(async (input: I) => {
    if (busy.current) return { ok: false as const, error: new Error('busy') };
    busy.current = true;
    setPending(true);
    try {
      return { ok: true as const, data: await latest.current(input) };
    } catch (error) {
      return { ok: false as const, error };
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  return { run, isPending };
}
