import { useEffect, useState } from 'react';

/**
 * Seconds left of a countdown started with `start(seconds)`, or running from the first render when
 * `initialSeconds` is given (the resend button's wait).
 */
export function useCooldown(initialSeconds = 0): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const start = (seconds: number) => {
    // one clock reading: two would let the first second show as one more (43 for 42)
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  };
  return [left, start];
}
