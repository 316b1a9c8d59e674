import { describe, expect, it } from 'vitest';
import { mergeSandboxMessages, parseSandboxFrame, type SandboxMessage } from './sandbox-messages';

const msg = (overrides: Partial<SandboxMessage>): SandboxMessage => ({
  _id: 'm1',
  text: 'Halo',
  isFromMe: true,
  status: 'sent',
  createdAt: '2026-01-10T08:00:00.000Z',
  ...overrides,
});

describe('customer simulator messages', () => {
  it('reads double-encoded sandbox frames and ignores anything else', () => {
    const frame = JSON.stringify(JSON.stringify({ type: 'sandbox.message', message: msg({}) }));
    expect(parseSandboxFrame(frame)).toEqual(msg({}));
    expect(parseSandboxFrame(JSON.stringify({ type: 'other', message: msg({}) }))).toBeNull();
    expect(parseSandboxFrame('{oops')).toBeNull();
  });

  it('adds and updates by id, oldest first, statuses moving forward only', () => {
    const first = mergeSandboxMessages(
      [],
      [msg({ _id: 'b', createdAt: '2026-01-10T08:05:00.000Z' }), msg({ _id: 'a' })],
    );
    expect(first.map((m) => m._id)).toEqual(['a', 'b']);
    const read = mergeSandboxMessages(first, [msg({ _id: 'a', status: 'read' })]);
    expect(read[0]?.status).toBe('read');
    expect(mergeSandboxMessages(read, [msg({ _id: 'a', status: 'sent' })])[0]?.status).toBe('read');
  });
});
