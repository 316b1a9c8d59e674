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
      makeChat({ account: { type: 'instagram', label: { name: 'IG' }, provider: 'sandbox', replyWindowHours: 24 }, fromSenderAt });
    expect(replyBlock(ig('2026-01-09T12:00:00.000Z'), null, now)).toEqual({ kind: 'instagram' });
    expect(replyBlock(ig('2026-01-09T12:00:01.000Z'), null, now)).toBeNull();
  });
});
