import { describe, expect, it } from 'vitest';
import { newChatBody } from '@sapa/contracts';
import {
  NO_DIAL,
  START_CHAT_INITIAL,
  startChatRecipientSchema,
  startChatSchema,
  templateStartBody,
} from './start-chat-form';

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

describe('start-chat form for a WhatsApp Cloud API sender (issue 25)', () => {
  const ORDER = {
    name: 'order_update',
    language: 'id',
    category: 'UTILITY',
    header: null,
    body: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
    footer: null,
    parameterCount: 2,
  };

  it('checks the sender and the phone without a text', () => {
    const result = startChatRecipientSchema.safeParse(START_CHAT_INITIAL);
    expect(result.success ? [] : result.error.issues.map((i) => i.path[0])).toEqual([
      'accountId',
      'phoneNumber',
    ]);
    expect(
      startChatRecipientSchema.parse({ ...START_CHAT_INITIAL, accountId: 'acc', phoneNumber: '81234567890' }),
    ).toEqual({ accountId: 'acc', phoneNumber: '6281234567890' });
  });

  it('sends the filled body as text, with the template and its trimmed values', () => {
    const body = templateStartBody({ accountId: 'acc', phoneNumber: '6281234567890' }, ORDER, [
      ' Budi ',
      'INV-042',
    ]);
    expect(body).toEqual({
      accountId: 'acc',
      phoneNumber: '6281234567890',
      text: 'Halo Budi, pesanan INV-042 sudah dikirim.',
      template: { name: 'order_update', language: 'id', parameters: ['Budi', 'INV-042'] },
    });
    expect(newChatBody.parse(body)).toEqual(body);
  });
});
