import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../test/chat-fixtures';
import { buildMessageRows } from './message-rows';

describe('message rows and day separators', () => {
  const now = new Date(2026, 0, 10, 12, 0);
  const on = (day: number, hour: number) => new Date(2026, 0, day, hour, 0).toISOString();

  it('puts Hari ini / Kemarin / the long date between days, the first above all rows', () => {
    const messages = [
      makeMessage({ text: 'a', createdAt: on(5, 9) }),
      makeMessage({ text: 'b', createdAt: on(9, 9) }),
      makeMessage({ text: 'c', createdAt: on(9, 10) }),
      makeMessage({ text: 'd', createdAt: on(10, 8) }),
    ];
    const { firstDay, rows } = buildMessageRows(messages, now);
    expect(firstDay).toBe('05 Januari 2026');
    expect(rows.map((r) => r.dayAfter)).toEqual(['Kemarin', null, 'Hari ini', null]);
  });

  it('keys a pending message and its server copy alike', () => {
    const tmp = 'K'.repeat(20);
    const pending = makeMessage({ _id: tmp, temporaryId: tmp });
    const server = makeMessage({ _id: 'srv', temporaryId: tmp });
    expect(buildMessageRows([pending]).rows[0]?.key).toBe(buildMessageRows([server]).rows[0]?.key);
    expect(buildMessageRows([]).firstDay).toBeNull();
  });
});
