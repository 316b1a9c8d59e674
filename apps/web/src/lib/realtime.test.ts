import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeRealtime } from './realtime';

/** A socket the hub opens; the test opens it and pushes frames through it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  push(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) } as MessageEvent);
  }
}

const accountEvent = { type: 'account.updated', chat: null, message: null, account: null };

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('the tab’s one realtime socket', () => {
  it('is opened once for every listener of a session, and closed when the last one leaves', () => {
    const inbox = { onEvent: vi.fn(), onOpen: vi.fn() };
    const integration = { onEvent: vi.fn() };
    const leaveInbox = subscribeRealtime('tok', inbox);
    const leaveIntegration = subscribeRealtime('tok', integration);
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toContain('/ws?token=tok');

    socket.onopen?.();
    expect(inbox.onOpen).toHaveBeenCalledTimes(1);
    socket.push(accountEvent);
    expect(inbox.onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'account.updated' }));
    expect(integration.onEvent).toHaveBeenCalledTimes(1);

    leaveIntegration();
    expect(socket.closed).toBe(false);
    socket.push(accountEvent);
    expect(integration.onEvent).toHaveBeenCalledTimes(1);
    expect(inbox.onEvent).toHaveBeenCalledTimes(2);

    leaveInbox();
    expect(socket.closed).toBe(true);
    // a later listener gets a fresh socket
    const leave = subscribeRealtime('tok', {});
    expect(FakeSocket.all).toHaveLength(2);
    leave();
  });

  it('keeps telling the other listeners when one of them throws, and ignores frames it cannot read', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const other = vi.fn();
    const leaveA = subscribeRealtime('tok', {
      onEvent: () => {
        throw new Error('boom');
      },
    });
    const leaveB = subscribeRealtime('tok', { onEvent: other });
    const socket = FakeSocket.all[0]!;
    socket.onmessage?.({ data: 'not json' } as MessageEvent);
    expect(other).not.toHaveBeenCalled();
    socket.push(accountEvent);
    expect(other).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    leaveA();
    leaveB();
    error.mockRestore();
  });

  it('tells listeners of a reconnect, not of the first open', () => {
    const onReconnect = vi.fn();
    const leave = subscribeRealtime('tok', { onReconnect });
    const first = FakeSocket.all[0]!;
    first.onopen?.();
    expect(onReconnect).not.toHaveBeenCalled();
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    first.onclose?.({ code: 1006 } as CloseEvent);
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    const second = FakeSocket.all[1]!;
    second.onopen?.();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    leave();
  });
});
