import { useEffect, useSyncExternalStore } from 'react';
import type { PublicConfig } from '@sapa/contracts';
import { api } from './api-client';

interface ConfigState {
  data: PublicConfig | undefined;
  /** True until the first answer (or failure) arrives. */
  isPending: boolean;
}

// A plain module cache rather than a query: the route guard needs it on every page, including
// /login, where the query library is not loaded.
let state: ConfigState = { data: undefined, isPending: true };
let started = false;
const listeners = new Set<() => void>();

function setState(next: ConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Starts GET /api/config once; a failure leaves the defaults (no beta paths, no links). */
export function loadConfig(): void {
  if (started) return;
  started = true;
  api
    .get<PublicConfig>('/config')
    .then((data) => setState({ data, isPending: false }))
    .catch(() => setState({ data: undefined, isPending: false }));
}

/** Test helper: forget the cached config. */
export function resetConfig(data?: PublicConfig): void {
  started = data !== undefined;
  setState({ data, isPending: data === undefined });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/** GET /api/config: beta paths, external links and whether the dev mailbox exists. */
export function useConfig(): ConfigState {
  useEffect(loadConfig, []);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
