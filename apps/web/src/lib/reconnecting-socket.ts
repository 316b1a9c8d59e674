import { LIMITS } from '@sapa/contracts';

export interface ReconnectingSocketOptions {
  url: string;
  /** Each text frame; a throwing handler is logged and the socket stays open. */
  onMessage: (data: string) => void;
  /** The socket opened again after a close: events may have been missed meanwhile. */
  onReconnect?: () => void;
  /** Every successful open, the first one included. */
  onOpen?: () => void;
  /** Each unexpected close (a new attempt follows). */
  onClose?: () => void;
  /** Delay before each new attempt (spec §9: 3000 ms). */
  delayMs?: number;
  /** Names the socket in the log. */
  label?: string;
  /** For tests: how a socket is made. */
  create?: (url: string) => WebSocket;
}

export interface ReconnectingSocket {
  /** Closes for good: no further attempts. */
  close: () => void;
}

/** The WebSocket URL of a path on this host, matching the page's http/https. */
export function socketUrl(path: string, query: Record<string, string>): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const qs = new URLSearchParams(query).toString();
  return `${scheme}://${window.location.host}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * A WebSocket that, once closed, tries again every `delayMs` until it is open (spec §4 'Realtime
 * connection'). Errors and closes are only logged (spec §8).
 */
export function openReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  const {
    url,
    onMessage,
    onReconnect,
    onOpen,
    onClose,
    delayMs = LIMITS.socketReconnectMs,
    label = 'realtime',
    create = (target: string) => new WebSocket(target),
  } = options;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let hasOpened = false;

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(connect, delayMs);
  };

  function connect(): void {
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = create(url);
    } catch (error) {
      console.error(`[${label}] could not open the socket`, error);
      schedule();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      const reconnected = hasOpened;
      hasOpened = true;
      onOpen?.();
      if (reconnected) onReconnect?.();
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      try {
        onMessage(event.data);
      } catch (error) {
        console.error(`[${label}] could not handle a frame`, error);
      }
    };
    ws.onerror = () => {
      console.error(`[${label}] socket error`);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket === ws) socket = null;
      if (stopped) return;
      console.warn(`[${label}] socket closed (${event.code}), reconnecting in ${delayMs} ms`);
      onClose?.();
      schedule();
    };
  }

  connect();
  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onclose = null;
        ws.onerror = null;
        ws.onmessage = null;
        ws.close();
      }
    },
  };
}
