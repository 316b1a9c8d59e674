import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS, type Chat } from '@sapa/contracts';
import { makeChat, makeMessage } from '../../test/chat-fixtures';
import { renderWithProviders } from '../../test/render';
import { RoomComposer } from './room-composer';
import { ChatStateActions } from './chat-state-actions';

type Call = { method: string; path: string; body: unknown };

const team = {
  docs: [
    { _id: 'u1', name: 'Rina Pemilik', role: 'owner', available: true },
    { _id: 'a1', name: 'Budi Santoso', role: 'agent', available: true },
    { _id: 'a2', name: 'Sinta', role: 'agent', available: false },
  ],
};

function stubApi(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://x').pathname,
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      return new Response(JSON.stringify(answer(call)), { status: 200 });
    }),
  );
  return calls;
}

function signInAsAgent(id: string) {
  window.localStorage.setItem(
    STORAGE_KEYS.session,
    JSON.stringify({
      token: 't',
      agent: true,
      user: { _id: 'u1', agent: { _id: id, name: 'Budi Santoso' } },
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('internal notes in the composer (issue 21)', () => {
  it("switches to 'Catatan internal', mentions a teammate with @ and posts the note with their id", async () => {
    signInAsAgent('a1');
    const calls = stubApi((call) =>
      call.path === '/api/teammate'
        ? team
        : makeMessage({ _id: 'n1', chatId: 'c1', kind: 'note', text: 'x', mentions: ['u1'] }),
    );
    renderWithProviders(
      <MemoryRouter>
        <RoomComposer chatId="c1" reply={<div data-testid="reply-composer" />} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('reply-composer')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Catatan internal' }));
    expect(screen.queryByTestId('reply-composer')).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Catatan internal' });
    fireEvent.change(input, { target: { value: 'Tolong cek @ri', selectionStart: 14 } });
    // the picker lists matching teammates but never the author
    const options = await screen.findAllByTestId('mention-option');
    expect(options.map((o) => o.textContent)).toEqual(['Rina PemilikPemilik']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLTextAreaElement).value).toBe('Tolong cek @Rina Pemilik ');
    expect(screen.queryByTestId('mention-picker')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/chat/c1/note',
      body: { text: 'Tolong cek @Rina Pemilik', mentions: ['u1'] },
    });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
  });

  it('Alt+N switches between a reply and a note', () => {
    stubApi(() => team);
    renderWithProviders(
      <MemoryRouter>
        <RoomComposer chatId="c1" reply={<div data-testid="reply-composer" />} />
      </MemoryRouter>,
    );
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { altKey: true, code: 'KeyN', key: 'n' }));
    });
    expect(screen.getByTestId('note-composer')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { altKey: true, code: 'KeyN', key: 'n' }));
    });
    expect(screen.getByTestId('reply-composer')).toBeTruthy();
  });
});

describe('conversation state in the room header (issue 21)', () => {
  const renderActions = (chat: Chat, myAgentId: string | null) =>
    renderWithProviders(
      <MemoryRouter>
        <ChatStateActions chat={chat} myAgentId={myAgentId} />
      </MemoryRouter>,
    );

  it("the owner resolves with 'Selesaikan' and with Alt+R; a resolved chat offers 'Buka Kembali'", async () => {
    const chat = makeChat({ _id: 'c1' });
    const calls = stubApi((call) => ({ ...chat, conversationState: (call.body as { state: string }).state }));
    const view = renderActions(chat, null);
    fireEvent.click(screen.getByRole('button', { name: 'Selesaikan' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'PUT', path: '/api/chat/c1/state', body: { state: 'resolved' } });
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { altKey: true, code: 'KeyR', key: 'r' }));
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    view.unmount();
    renderActions({ ...chat, conversationState: 'resolved' }, null);
    expect(screen.queryByRole('button', { name: 'Selesaikan' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buka Kembali' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.body).toEqual({ state: 'open' });
  });

  it("snoozes until tomorrow 09:00 WIB from the 'Tunda' menu", async () => {
    const chat = makeChat({ _id: 'c1' });
    const calls = stubApi(() => ({ ...chat, conversationState: 'snoozed' }));
    renderActions(chat, null);
    fireEvent.click(screen.getByRole('button', { name: 'Tunda percakapan' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Besok, 09:00' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = calls[0]?.body as { state: string; snoozedUntil: string };
    expect(body.state).toBe('snoozed');
    // 09:00 in Jakarta is 02:00 UTC
    expect(body.snoozedUntil).toMatch(/T02:00:00\.000Z$/);
    expect(Date.parse(body.snoozedUntil)).toBeGreaterThan(Date.now());
  });

  it("'Pilih waktu…' refuses a past time and snoozes until the time typed in WIB", async () => {
    const chat = makeChat({ _id: 'c1' });
    const calls = stubApi(() => ({ ...chat, conversationState: 'snoozed' }));
    renderActions(chat, null);
    fireEvent.click(screen.getByRole('button', { name: 'Tunda percakapan' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pilih waktu…' }));
    const input = await screen.findByLabelText(/Waktu \(WIB\)/);
    fireEvent.change(input, { target: { value: '2020-01-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tunda' }));
    expect(await screen.findByText('Waktu tunda harus di masa depan')).toBeTruthy();
    expect(calls).toHaveLength(0);
    const year = new Date().getUTCFullYear() + 1;
    fireEvent.change(input, { target: { value: `${year}-03-02T08:30` } });
    fireEvent.click(screen.getByRole('button', { name: 'Tunda' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ state: 'snoozed', snoozedUntil: `${year}-03-02T01:30:00.000Z` });
  });

  it("an agent takes an unassigned chat with 'Ambil' but may not resolve another agent's chat", async () => {
    signInAsAgent('a1');
    const chat = makeChat({ _id: 'c1', agentId: null, agent: null });
    const calls = stubApi(() => ({ ...chat, agentId: 'a1' }));
    const view = renderActions(chat, 'a1');
    expect(screen.queryByRole('button', { name: 'Selesaikan' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ambil' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/chat/c1/assign', body: { agentId: 'a1' } });
    view.unmount();
    renderActions({ ...chat, agentId: 'a2' }, 'a1');
    expect(screen.queryByRole('button', { name: 'Ambil' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Selesaikan' })).toBeNull();
  });
});
