import { describe, expect, it } from 'vitest';
import { makeChat } from '../../test/chat-fixtures';
import { replyBlock } from './composer-notice';

describe('composer replaced by a notice (spec §4, §6)', () => {
  const now = Date.parse('2026-01-10T12:00:00.000Z');

  it('lets owners reply anywhere and agents in their own chats', () => {
    const chat = makeChat({ agentId: 'ag-1', agent: { _id: 'ag-1', name: 'Sari', phone: '62' } });
    expect(replyBlock(chat, null, now)).toBeNull();
    expect(replyBlock(chat, 'ag-1', now)).toBeNull();
  });

  it('asks an agent to assign an unassigned chat, and names the other agent', () => {
    expect(replyBlock(makeChat({ agentId: null }), 'ag-2', now)).toEqual({ kind: 'assign' });
    const theirs = makeChat({ agentId: 'ag-1', agent: { _id: 'ag-1', name: 'Sari', phone: '62' } });
    expect(replyBlock(theirs, 'ag-2', now)).toEqual({ kind: 'assigned', agent: 'Sari' });
  });

  it('closes Instagram chats 24 hours after the contact last wrote', () => {
    const ig = (fromSenderAt: string) =>
      makeChat({
        account: { type: 'instagram', label: { name: 'IG' }, provider: 'sandbox', replyWindowHours: 24 },
        fromSenderAt,
      });
    expect(replyBlock(ig('2026-01-09T12:00:00.000Z'), null, now)).toEqual({ kind: 'instagram' });
    expect(replyBlock(ig('2026-01-09T12:00:01.000Z'), null, now)).toBeNull();
  });
});

describe('closed reply windows per channel (issue 25)', () => {
  const now = Date.parse('2026-01-10T12:00:00.000Z');
  const dayAgo = '2026-01-09T11:00:00.000Z';
  const hourAgo = '2026-01-10T11:00:00.000Z';
  const on = (
    account: Partial<ReturnType<typeof makeChat>['account']>,
    fromSenderAt: string | null,
    agentId: string | null = null,
  ) =>
    makeChat({
      account: {
        type: 'whatsapp',
        label: { name: 'X' },
        provider: 'sandbox',
        replyWindowHours: null,
        ...account,
      },
      fromSenderAt,
      agentId,
      agent: agentId ? { _id: agentId, name: 'Sari', phone: '62' } : null,
    });

  it('keeps Instagram on the spec’s notice, with or without a stored window', () => {
    expect(
      replyBlock(on({ type: 'instagram', provider: 'meta', replyWindowHours: null }, dayAgo), null, now),
    ).toEqual({
      kind: 'instagram',
    });
    expect(
      replyBlock(on({ type: 'instagram', provider: 'meta', replyWindowHours: 24 }, hourAgo), null, now),
    ).toBeNull();
  });

  it('closes Messenger after its window, naming its hours', () => {
    const messenger = (hours: number, at: string) =>
      on({ type: 'messenger', provider: 'meta', replyWindowHours: hours }, at);
    expect(replyBlock(messenger(24, dayAgo), null, now)).toEqual({ kind: 'window', hours: 24 });
    expect(replyBlock(messenger(168, dayAgo), null, now)).toBeNull();
    expect(replyBlock(messenger(168, '2026-01-03T11:00:00.000Z'), null, now)).toEqual({
      kind: 'window',
      hours: 168,
    });
  });

  it('asks for a template on the WhatsApp Cloud API, also before the customer ever wrote', () => {
    const cloud = (at: string | null) => on({ provider: 'whatsapp-cloud', replyWindowHours: 24 }, at);
    expect(replyBlock(cloud(dayAgo), null, now)).toEqual({ kind: 'template', started: true });
    expect(replyBlock(cloud(null), null, now)).toEqual({ kind: 'template', started: false });
    expect(replyBlock(cloud(hourAgo), null, now)).toBeNull();
  });

  it('leaves WhatsApp Web and the sandbox without a window', () => {
    expect(replyBlock(on({ provider: 'whatsapp-web' }, dayAgo), null, now)).toBeNull();
    expect(replyBlock(on({}, '2025-01-01T00:00:00.000Z'), null, now)).toBeNull();
  });

  it('puts the assignment notices first', () => {
    const closed = on({ provider: 'whatsapp-cloud', replyWindowHours: 24 }, dayAgo, 'ag-1');
    expect(replyBlock(closed, 'ag-2', now)).toEqual({ kind: 'assigned', agent: 'Sari' });
    expect(replyBlock({ ...closed, agentId: null, agent: null }, 'ag-2', now)).toEqual({ kind: 'assign' });
    expect(replyBlock(closed, 'ag-1', now)).toEqual({ kind: 'template', started: true });
  });
});
