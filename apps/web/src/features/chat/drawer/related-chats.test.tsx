import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Chat } from '@sapa/contracts';
import { at, makeChat } from '../../../test/chat-fixtures';
import { renderWithProviders } from '../../../test/render';
import { RelatedChats } from './related-chats';

function stub(docs: Chat[]) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      paths.push(new URL(url, 'http://x').pathname);
      return new Response(JSON.stringify({ docs }));
    }),
  );
  return paths;
}

const render = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/user/chat/c1']}>
      <Routes>
        <Route path="/user/chat/c1" element={<RelatedChats chatId="c1" />} />
        <Route path="/user/chat/:id" element={<p data-testid="opened">opened</p>} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => vi.unstubAllGlobals());

describe("'Percakapan lain' (issue 21)", () => {
  it("lists the contact's chats on the other numbers, each opening on click", async () => {
    const other = makeChat({
      _id: 'c2',
      account: {
        type: 'whatsapp',
        label: { name: 'Toko Cabang 2' },
        provider: 'sandbox',
        replyWindowHours: null,
      },
      conversationState: 'resolved',
      lastMessage: { sendAt: at(5), text: 'Terima kasih', type: 'text', isFromMe: false, status: 'read' },
    });
    const paths = stub([other]);
    render();
    const row = await screen.findByTestId('related-chat');
    expect(paths).toEqual(['/api/chat/c1/related']);
    expect(row.textContent).toContain('Toko Cabang 2 · Selesai');
    expect(row.textContent).toContain('Terima kasih');
    fireEvent.click(row);
    expect(await screen.findByTestId('opened')).toBeTruthy();
  });

  it('says so when there is none', async () => {
    stub([]);
    render();
    expect((await screen.findByTestId('related-empty')).textContent).toContain('belum punya percakapan');
  });
});
