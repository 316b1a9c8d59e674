import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openReconnectingSocket } from './reconnecting-socket';

/** A socket the test opens, closes and feeds by hand. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  open() {
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
  drop() {
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
  close() {
    this.closed = true;
  }
}

describe('reconnecting socket (spec §4 Realtime connection, §8)', () => {
  let sockets: FakeSocket[];
  const create = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket as unknown as WebSocket;
  };

  beforeEach(() => {
    sockets = [];
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reconnects every 3000 ms until open, and reports the reconnect', () => {
    const onReconnect = vi.fn();
    const onMessage = vi.fn();
    openReconnectingSocket({ url: 'ws://x/ws', onMessage, onReconnect, create });
    expect(sockets).toHaveLength(1);
    sockets[0]?.open();
    sockets[0]?.receive('"hello"');
    expect(onMessage).toHaveBeenCalledWith('"hello"');
    expect(onReconnect).not.toHaveBeenCalled();

    sockets[0]?.drop();
    vi.advanceTimersByTime(2999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // This attempt fails too: another one 3 s later.
    sockets[1]?.drop();
    vi.advanceTimersByTime(3000);
    expect(sockets).toHaveLength(3);
    sockets[2]?.open();
    expect(onReconnect).toHaveBeenCalledOnce();
  });

  it('logs a throwing handler and keeps going', () => {
    const onMessage = vi.fn(() => {
      throw new Error('boom');
    });
    openReconnectingSocket({ url: 'ws://x/ws', onMessage, create });
    sockets[0]?.open();
    expect(() => sockets[0]?.receive('x')).not.toThrow();
    expect(console.error).toHaveBeenCalled();
  });

  it('stops for good when closed', () => {
    const socket = openReconnectingSocket({ url: 'ws://x/ws', onMessage: () => {}, create });
    sockets[0]?.open();
    socket.close();
    expect(sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
  });
});
