import { describe, expect, it } from 'vitest';
import { localFileMedia, quoteOf } from './outgoing-media';

describe('localFileMedia', () => {
  const file = new File(['x'.repeat(2048)], 'a.pdf', { type: 'application/pdf' });
  it('puts the local url under the kind, with the file type', () => {
    expect(localFileMedia('image', file, 'blob:1')).toEqual({
      image: { url: 'blob:1', thumbnail: null, mimetype: 'application/pdf' },
    });
    expect(localFileMedia('audio', file, 'blob:1')).toEqual({
      audio: { url: 'blob:1', duration: 0, mimetype: 'application/pdf' },
    });
    expect(localFileMedia('sticker', file, '')).toEqual({ sticker: { url: '' } });
    expect(localFileMedia('document', new File(['x'], 'b.bin'), 'blob:2')).toEqual({
      document: {
        url: 'blob:2',
        name: 'b.bin',
        size: expect.any(Number),
        mimetype: 'application/octet-stream',
      },
    });
  });
});

describe('quoteOf', () => {
  it('keeps the type, text and media and leaves the sender name to the view', () => {
    const sticker = { url: '/s' };
    expect(quoteOf({ _id: 'm1', isFromMe: true, type: 'sticker', text: '', sticker })).toEqual({
      messageId: 'm1',
      isFromMe: true,
      senderName: '',
      type: 'sticker',
      text: '',
      image: undefined,
      video: undefined,
      audio: undefined,
      document: undefined,
      location: undefined,
      contact: undefined,
      sticker,
    });
  });
});
