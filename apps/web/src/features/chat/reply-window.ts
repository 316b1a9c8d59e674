import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later moment is reached in several steps. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Re-renders the component once the clock passes `at` (ms since the epoch), e.g. when a chat's
 * reply window closes while it is open on screen (issue 25); nothing when null or already past.
 */
export function useRerenderAt(at: number | null): void {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (at === null) return;
    const delay = at - Date.now();
    if (delay < 0) return;
    const id = window.setTimeout(() => setTick((n) => n + 1), Math.min(delay + 20, MAX_DELAY_MS));
    return () => window.clearTimeout(id);
  }, [at, tick]);
}

/**
 * The milliseconds left until `closesAt`, updated once a minute, just as the whole minutes left
 * change, so a countdown in minutes is never a minute behind. Key the caller by `closesAt`.
 */
export function useTimeLeft(closesAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = closesAt - now;
  useEffect(() => {
    if (left <= 0) return;
    const delay = left % 60_000 || 60_000;
    const id = window.setTimeout(() => setNow(Date.now()), Math.min(delay + 20, MAX_DELAY_MS));
    return () => window.clearTimeout(id);
  }, [left]);
  return left;
}
