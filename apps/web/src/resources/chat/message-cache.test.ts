import { describe, expect, it } from 'vitest';
import type { Message } from '@sapa/contracts';
import { at, makeMessage } from '../../test/chat-fixtures';
import {
  flattenMessages,
  markMessageFailed,
  mergeMessage,
  pendingMessage,
  upsertMessage,
  type MessagePages,
} from './message-cache';

function pages(...groups: Message[][]): MessagePages {
  return {
    pages: groups.map((docs, i) => ({ docs, hasNextPage: i < groups.length - 1 })),
    pageParams: groups.map((_, i) => i + 1),
  };
}
const texts = (data: MessagePages | undefined) => flattenMessages(data).map((m) => m.text);

describe('message cache (spec §4 Sending, delivery status)', () => {
  const older = [
    makeMessage({ text: 'satu', createdAt: at(1) }),
    makeMessage({ text: 'dua', createdAt: at(2) }),
  ];
  const newest = [
    makeMessage({ text: 'tiga', createdAt: at(3) }),
    makeMessage({ text: 'empat', createdAt: at(4) }),
  ];

  it('shows pages oldest first: page 2 before page 1', () => {
    expect(texts(pages(newest, older))).toEqual(['satu', 'dua', 'tiga', 'empat']);
  });

  it('appends a pending message, then replaces it with the server copy by temporary id', () => {
    const tmp = 'T'.repeat(20);
    const local = pendingMessage({
      chatId: 'chat-1',
      temporaryId: tmp,
      text: 'halo',
      agent: null,
      now: new Date(at(5)),
    });
    const withPending = upsertMessage(pages(newest, older), local);
    expect(texts(withPending)).toEqual(['satu', 'dua', 'tiga', 'empat', 'halo']);
    expect(flattenMessages(withPending).at(-1)).toMatchObject({ status: 'pending', isFromMe: true });

    const server = makeMessage({
      _id: 'srv-1',
      temporaryId: tmp,
      text: 'halo',
      isFromMe: true,
      status: 'pending',
      createdAt: at(5),
    });
    const replaced = upsertMessage(withPending, server);
    const list = flattenMessages(replaced);
    expect(list).toHaveLength(5);
    expect(list.at(-1)?._id).toBe('srv-1');
  });

  it('matches by the given temporary id when the server copy does not echo it, else by id', () => {
    const tmp = 'Q'.repeat(20);
    const local = pendingMessage({ chatId: 'chat-1', temporaryId: tmp, text: 'x', agent: null });
    const data = upsertMessage(pages(newest), local);
    const server = makeMessage({
      _id: 'srv-2',
      temporaryId: null,
      text: 'x',
      isFromMe: true,
      status: 'sent',
    });
    const list = flattenMessages(upsertMessage(data, server, tmp));
    expect(list.map((m) => m._id)).toEqual([newest[0]?._id, newest[1]?._id, 'srv-2']);
    // keeps the temporary id, so the row key does not change
    expect(list.at(-1)?.temporaryId).toBe(tmp);

    const edited = makeMessage({ ...newest[0], text: 'tiga (diubah)', isDeleted: true } as Message);
    expect(texts(upsertMessage(pages(newest), edited))).toEqual(['tiga (diubah)', 'empat']);
  });

  it('moves status forward only: a late pending or sent copy does not undo read', () => {
    const read = makeMessage({ _id: 'm', isFromMe: true, status: 'read' });
    expect(mergeMessage(read, { ...read, status: 'sent' }).status).toBe('read');
    expect(mergeMessage(read, { ...read, status: 'pending' }).status).toBe('read');
    const sent = { ...read, status: 'sent' as const };
    expect(mergeMessage(sent, { ...read, status: 'unread' }).status).toBe('unread');
    const failed = { ...read, status: 'error' as const, errorMessage: 'gagal' };
    expect(mergeMessage(failed, { ...read, status: 'read' })).toMatchObject({
      status: 'error',
      errorMessage: 'gagal',
    });
  });

  it('marks a failed send as error with its message, only while still pending', () => {
    const tmp = 'E'.repeat(20);
    const data = upsertMessage(
      pages(newest),
      pendingMessage({ chatId: 'chat-1', temporaryId: tmp, text: 'y', agent: null }),
    );
    const failed = markMessageFailed(data, tmp, 'error send message');
    expect(flattenMessages(failed).at(-1)).toMatchObject({
      status: 'error',
      errorMessage: 'error send message',
    });
    expect(markMessageFailed(failed, 'nope'.padEnd(20, 'x'), 'z')).toBe(failed);
  });

  it('places a new realtime message by time and ignores a chat that is not loaded', () => {
    const late = makeMessage({ text: 'tiga setengah', createdAt: at(3.5) });
    expect(texts(upsertMessage(pages(newest, older), late))).toEqual([
      'satu',
      'dua',
      'tiga',
      'tiga setengah',
      'empat',
    ]);
    expect(upsertMessage(undefined, late)).toBeUndefined();
  });

  it('shows a message repeated across pages once (later pages overlap after new messages)', () => {
    const dup = newest[0] as Message;
    expect(texts(pages(newest, [...older, dup]))).toEqual(['satu', 'dua', 'tiga', 'empat']);
  });
});
