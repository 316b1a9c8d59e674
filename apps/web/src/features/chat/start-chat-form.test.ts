import { describe, expect, it } from 'vitest';
import { NO_DIAL, START_CHAT_INITIAL, startChatSchema } from './start-chat-form';

const errors = (values: Partial<typeof START_CHAT_INITIAL>) => {
  const result = startChatSchema.safeParse({ ...START_CHAT_INITIAL, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('start-chat form (spec §5)', () => {
  it('names each invalid field with the spec message', () => {
    expect(errors({})).toEqual({
      accountId: 'Nomor Pengirim tidak valid',
      phoneNumber: 'Nomor Telepon tidak valid',
      text: 'Teks tidak valid',
    });
    const ok = { accountId: 'acc', text: 'Halo' };
    expect(errors({ ...ok, phoneNumber: '08123456789' })).toEqual({
      phoneNumber: 'Nomor Telepon tidak valid',
    });
    expect(errors({ ...ok, phoneNumber: '81234abc' })).toEqual({ phoneNumber: 'Nomor Telepon tidak valid' });
    expect(errors({ ...ok, phoneNumber: '8'.repeat(21) })).toEqual({
      phoneNumber: 'Nomor Telepon tidak valid',
    });
    expect(errors({ ...ok, phoneNumber: '81234567', text: '   ' })).toEqual({ text: 'Teks tidak valid' });
  });

  it('sends the dial code plus the number, default 62', () => {
    const body = startChatSchema.parse({
      ...START_CHAT_INITIAL,
      accountId: 'acc',
      phoneNumber: '81234567890',
      text: ' Halo ',
    });
    expect(body).toEqual({ accountId: 'acc', phoneNumber: '6281234567890', text: 'Halo' });
  });

  it("sends a picked contact's number as stored when the dial is the 'none' marker", () => {
    const body = startChatSchema.parse({
      ...START_CHAT_INITIAL,
      country: NO_DIAL,
      accountId: 'acc',
      phoneNumber: '6281100000002',
      text: 'Halo',
    });
    expect(body.phoneNumber).toBe('6281100000002');
  });
});
