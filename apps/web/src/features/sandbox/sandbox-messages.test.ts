import { describe, expect, it } from 'vitest';
import {
  customerSideQuote,
  inboundRequest,
  mergeSandboxMessages,
  parseSandboxFrame,
  readSandboxFrame,
  sandboxKindsFor,
  type SandboxMessage,
} from './sandbox-messages';

const msg = (overrides: Partial<SandboxMessage>): SandboxMessage => ({
  _id: 'm1',
  type: 'text',
  text: 'Halo',
  isFromMe: true,
  status: 'sent',
  createdAt: '2026-01-10T08:00:00.000Z',
  quoted: null,
  ...overrides,
});

const frame = (message: unknown) => JSON.stringify(JSON.stringify({ type: 'sandbox.message', message }));

describe('customer simulator messages', () => {
  it('reads double-encoded sandbox frames and ignores anything else', () => {
    expect(parseSandboxFrame(frame(msg({})))).toEqual(msg({}));
    expect(parseSandboxFrame(JSON.stringify({ type: 'other', message: msg({}) }))).toBeNull();
    expect(parseSandboxFrame('{oops')).toBeNull();
  });

  it('asks for a reload when a sandbox frame is partial (no type, or a media type without its media)', () => {
    const { type: _type, quoted: _quoted, ...old } = msg({});
    expect(readSandboxFrame(frame(old))).toEqual({ reload: true });
    expect(readSandboxFrame(frame(msg({ type: 'image', text: '' })))).toEqual({ reload: true });
    const image = msg({
      type: 'image',
      image: { url: '/api/media/a', thumbnail: null, mimetype: 'image/png' },
    });
    expect(readSandboxFrame(frame(image))).toEqual({ message: image });
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

  it('offers what a customer of each channel can send', () => {
    expect(sandboxKindsFor('whatsapp')).toEqual([
      'image',
      'video',
      'audio',
      'document',
      'sticker',
      'location',
      'contact',
    ]);
    expect(sandboxKindsFor('instagram')).toEqual(['image', 'video', 'audio', 'sticker']);
    expect(sandboxKindsFor('messenger')).toEqual(['image', 'video', 'audio', 'document', 'sticker']);
  });

  it('builds the inbound body of each type', () => {
    const who = { accountId: 'acc-1', phoneNumber: '6281234567890', name: 'Budi' };
    const pdf = new File(['%PDF'], 'Nota.pdf', { type: 'application/pdf' });
    expect(inboundRequest(who, { type: 'document', file: pdf, caption: 'nota' }, '/api/media/d1')).toEqual({
      ...who,
      type: 'document',
      text: 'nota',
      document: { url: '/api/media/d1', name: 'Nota.pdf' },
    });
    const contact = { name: 'Sari', dial: '62', phoneNumber: '81234567' };
    expect(inboundRequest(who, { type: 'contact', contact }, null, 'm9')).toEqual({
      ...who,
      type: 'contact',
      text: '',
      contact,
      quotedMessageId: 'm9',
    });
  });

  it("shows quotes from the customer's side: the business by name, the customer as Anda", () => {
    const quoted = { messageId: 'q', isFromMe: true, senderName: 'Agen', type: 'text' as const, text: 'Hai' };
    expect(customerSideQuote(quoted, 'Toko Demo')).toMatchObject({
      isFromMe: false,
      senderName: 'Toko Demo',
    });
    expect(customerSideQuote({ ...quoted, isFromMe: false }, 'Toko Demo')).toMatchObject({ isFromMe: true });
  });
});
