import { useEffect, useRef } from 'react';
import { parseRealtimeFrame, type RealtimeEvent } from '@sapa/contracts';
import { openReconnectingSocket, socketUrl, type ReconnectingSocket } from './reconnecting-socket';
import { useSession } from './use-session';

/** What one part of the app wants from the realtime socket; every handler is optional. */
export interface RealtimeListener {
  /** Each parsed event (spec §7 'Realtime'). */
  onEvent?: (event: RealtimeEvent) => void;
  /** Every successful open, the first one included. */
  onOpen?: () => void;
  /** An open after a close: events may have been missed meanwhile. */
  onReconnect?: () => void;
}

interface Connection {
  socket: ReconnectingSocket;
  listeners: Set<RealtimeListener>;
}

/** The open connections by session token: one socket per signed-in tab, however many listen. */
const connections = new Map<string, Connection>();

function notify(listeners: Set<RealtimeListener>, call: (listener: RealtimeListener) => void): void {
  for (const listener of [...listeners]) {
    // one failing listener must not starve the others (spec §8: realtime errors are only logged)
    try {
      call(listener);
    } catch (error) {
      console.error('[realtime] a listener failed', error);
    }
  }
}

/**
 * Listens on the tab's one realtime socket for `token`, opening it for the first listener and
 * closing it when the last one leaves. Returns the function that stops listening.
 */
export function subscribeRealtime(token: string, listener: RealtimeListener): () => void {
  let connection = connections.get(token);
  if (!connection) {
    const listeners = new Set<RealtimeListener>();
    const socket = openReconnectingSocket({
      url: socketUrl('/ws', { token }),
      label: 'realtime',
      onMessage: (data) => {
        const event = parseRealtimeFrame(data);
        if (event) notify(listeners, (l) => l.onEvent?.(event));
      },
      onOpen: () => notify(listeners, (l) => l.onOpen?.()),
      onReconnect: () => notify(listeners, (l) => l.onReconnect?.()),
    });
    connection = { socket, listeners };
    connections.set(token, connection);
  }
  const joined = connection;
  joined.listeners.add(listener);
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0 || connections.get(token) !== joined) return;
    connections.delete(token);
    joined.socket.close();
  };
}

/**
 * Listens on the signed-in session's realtime socket while the calling component is mounted; the
 * handlers may change on every render (the latest ones are called).
 */
export function useRealtime(listener: RealtimeListener): void {
  const token = useSession()?.token ?? null;
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return subscribeRealtime(token, {
      onEvent: (event) => latest.current.onEvent?.(event),
      onOpen: () => latest.current.onOpen?.(),
      onReconnect: () => latest.current.onReconnect?.(),
    });
  }, [token]);
}
