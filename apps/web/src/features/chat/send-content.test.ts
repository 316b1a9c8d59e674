import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@sapa/contracts';
import { makeMessage } from '../../test/chat-fixtures';
import { chatKeys } from '../../resources/chat/chat-keys';
import { flattenMessages, type MessagePages } from '../../resources/chat/message-cache';
import { sendContent } from './send-content';

/**
 * spec §4: files upload first and the message goes with the returned url; an upload failure marks the
 * pending bubble as error; on Instagram and Messenger a caption goes first as its own text.
 */
function setup() {
  const queryClient = new QueryClient();
  const empty: MessagePages = { pages: [{ docs: [], hasNextPage: false }], pageParams: [1] };
  queryClient.setQueryData(chatKeys.messages('chat-1'), empty);
  const list = () => flattenMessages(queryClient.getQueryData<MessagePages>(chatKeys.messages('chat-1')));
  return { queryClient, list };
}

type Call = { url: string; body: unknown };
function stubServer(options: { uploadFails?: boolean } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:lokal', revokeObjectURL: () => {} }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body instanceof FormData ? 'form' : JSON.parse(String(init.body));
      calls.push({ url, body });
      if (url.endsWith('/chat/media')) {
        if (options.uploadFails)
          return new Response(
            JSON.stringify({
              code: 'VALIDATION',
              message: 'Isi file tidak sesuai dengan jenisnya (image/png)',
            }),
            {
              status: 400,
            },
          );
        return new Response(
          JSON.stringify({
            url: '/api/media/abc.png',
            name: 'foto.png',
            mimetype: 'image/png',
            size: 10,
            thumbnail: null,
            duration: null,
          }),
          { status: 200 },
        );
      }
      const sent = body as { temporaryId: string; type: string; text: string };
      const message: Message = makeMessage({
        temporaryId: sent.temporaryId,
        type: sent.type as Message['type'],
        text: sent.text,
        isFromMe: true,
        status: 'pending',
      });
      return new Response(JSON.stringify(message), { status: 200 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const photo = () => new File(['png'], 'foto.png', { type: 'image/png' });

describe('sending files (spec §4)', () => {
  it('uploads, then sends the image with the returned url and its caption', async () => {
    const calls = stubServer();
    const { queryClient, list } = setup();
    const sending = sendContent(queryClient, {
      chatId: 'chat-1',
      channel: 'whatsapp',
      content: { type: 'image', file: photo(), caption: 'Katalog' },
      agent: null,
    });
    // the pending bubble shows the local preview at once
    expect(list()[0]).toMatchObject({ type: 'image', status: 'pending', image: { url: 'blob:lokal' } });
    await sending;
    expect(calls.map((c) => c.url)).toEqual(['/api/chat/media', '/api/chat/chat-1/message']);
    expect(calls[1]?.body).toMatchObject({
      type: 'image',
      text: 'Katalog',
      image: { url: '/api/media/abc.png' },
    });
    expect(list()).toHaveLength(1);
  });

  it('marks the bubble as error when the upload fails, and sends nothing', async () => {
    const calls = stubServer({ uploadFails: true });
    const { queryClient, list } = setup();
    await sendContent(queryClient, {
      chatId: 'chat-1',
      channel: 'whatsapp',
      content: { type: 'image', file: photo(), caption: '' },
      agent: null,
    });
    expect(calls).toHaveLength(1);
    expect(list()[0]).toMatchObject({
      status: 'error',
      errorMessage: 'Isi file tidak sesuai dengan jenisnya (image/png)',
    });
  });

  it.each(['instagram', 'messenger'] as const)(
    'on %s sends the caption first, then the media alone',
    async (channel) => {
      const calls = stubServer();
      const { queryClient } = setup();
      await sendContent(queryClient, {
        chatId: 'chat-1',
        channel,
        content: { type: 'image', file: photo(), caption: 'Ini fotonya' },
        agent: null,
      });
      const sends = calls.filter((c) => c.url.endsWith('/message')).map((c) => c.body);
      expect(sends).toMatchObject([
        { type: 'text', text: 'Ini fotonya' },
        { type: 'image', text: '', image: { url: '/api/media/abc.png' } },
      ]);
    },
  );

  it('replies carry the quoted message id; empty text is never sent', async () => {
    const calls = stubServer();
    const { queryClient, list } = setup();
    const original = makeMessage({ _id: 'm-asli', text: 'Ada warna lain?' });
    await sendContent(queryClient, {
      chatId: 'chat-1',
      channel: 'whatsapp',
      content: { type: 'text', text: '   ' },
      agent: null,
    });
    expect(calls).toHaveLength(0);
    await sendContent(queryClient, {
      chatId: 'chat-1',
      channel: 'whatsapp',
      content: { type: 'text', text: 'Ada kak' },
      agent: null,
      quoted: original,
    });
    expect(calls[0]?.body).toMatchObject({ type: 'text', text: 'Ada kak', quotedMessageId: 'm-asli' });
    expect(list()).toHaveLength(1);
  });
});
