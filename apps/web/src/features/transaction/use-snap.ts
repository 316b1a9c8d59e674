import { useCallback, useState } from 'react';
import type { BillingOffer } from '@sapa/contracts';

/** What Snap reports back about one payment window. */
export interface SnapCallbacks {
  onSuccess?: (result: unknown) => void;
  onPending?: (result: unknown) => void;
  onError?: (result: unknown) => void;
  onClose?: () => void;
}

/** The part of Midtrans' snap.js the pages use. */
export interface SnapApi {
  pay: (token: string, callbacks?: SnapCallbacks) => void;
}

declare global {
  interface Window {
    snap?: SnapApi;
  }
}

let loading: { src: string; promise: Promise<SnapApi> } | null = null;

/**
 * Loads Midtrans' snap.js once (a <script> carrying the operator's client key), only when a
 * transaction page asks; later calls share the load. A failed load lets the next call try again.
 */
export function loadSnap(src: string, clientKey: string): Promise<SnapApi> {
  if (window.snap) return Promise.resolve(window.snap);
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<SnapApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute('data-client-key', clientKey);
    script.onload = () => (window.snap ? resolve(window.snap) : reject(new Error('snap.js has no snap')));
    script.onerror = () => {
      script.remove();
      reject(new Error('snap.js failed to load'));
    };
    document.head.appendChild(script);
  });
  loading = { src, promise };
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  return promise;
}

export type SnapStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Midtrans Snap for the offer's keys: `preload` fetches the script ahead (the form, once Midtrans is
 * chosen), `pay` opens the payment window for a token. `status` is 'failed' when the script could
 * not load (or Midtrans is not configured): the page offers the payment's redirect page instead.
 */
export function useSnap(midtrans: BillingOffer['midtrans'] | undefined) {
  const [status, setStatus] = useState<SnapStatus>(() => (window.snap ? 'ready' : 'idle'));
  const src = midtrans?.snapJsUrl;
  const clientKey = midtrans?.clientKey;

  const load = useCallback(async (): Promise<SnapApi | null> => {
    if (!src || !clientKey) {
      setStatus('failed');
      return null;
    }
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    try {
      const snap = await loadSnap(src, clientKey);
      setStatus('ready');
      return snap;
    } catch {
      setStatus('failed');
      return null;
    }
  }, [src, clientKey]);

  const pay = useCallback(
    async (token: string, callbacks: SnapCallbacks): Promise<boolean> => {
      const snap = await load();
      if (!snap) return false;
      try {
        snap.pay(token, callbacks);
        return true;
      } catch {
        // snap.js refuses a second window while one is open, or a token it cannot read
        callbacks.onError?.(null);
        return false;
      }
    },
    [load],
  );

  const preload = useCallback(() => void load(), [load]);

  return { status, pay, preload };
}
