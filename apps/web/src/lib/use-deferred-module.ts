import { useCallback, useRef } from 'react';

/**
 * Loads a module on the first interaction instead of with the page (import on interaction): the
 * login page shows without the validation library, which arrives while the visitor types.
 */
export function useDeferredModule<M>(load: () => Promise<M>): {
  prefetch: () => void;
  get: () => Promise<M>;
} {
  const promise = useRef<Promise<M> | null>(null);
  const get = useCallback(() => {
    promise.current ??= load().catch((error: unknown) => {
      promise.current = null;
      throw error;
    });
    return promise.current;
  }, [load]);
  const prefetch = useCallback(() => {
    get().catch(() => undefined);
  }, [get]);
  return { prefetch, get };
}
