import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Chat } from '@sapa/contracts';
import { makeChat } from '../../test/chat-fixtures';
import { renderWithProviders } from '../../test/render';
import { ChatRow } from './chat-row';

function renderRow(chat: Chat, selected = false) {
  renderWithProviders(
    <MemoryRouter>
      <ChatRow chat={chat} selected={selected} />
    </MemoryRouter>,
  );
  return screen.getByTestId('chat-row');
}

const last = (overrides: Partial<NonNullable<Chat['lastMessage']>>) => ({
  sendAt: '2024-03-05T09:07:00.000Z',
  text: 'Halo kak',
  type: 'text' as const,
  isFromMe: false,
  status: 'read' as const,
  ...overrides,
});

describe('chat row (spec §2 Chat inbox)', () => {
  it('links to the chat and shows name, text, date and the unread count capped at 99+', () => {
    const row = renderRow(makeChat({ _id: 'c9', unreadCount: 150, lastMessage: last({}) }), true);
    expect(row.getAttribute('href')).toBe('/user/chat/c9');
    expect(row.getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('chat-row-preview').textContent).toBe('Halo kak');
    expect(screen.getByTestId('chat-row-unread').textContent).toBe('99+');
    expect(screen.getByTestId('chat-row-time').textContent).toMatch(/^\d{2}\/\d{2}\/24$/);
    expect(screen.queryByTestId('delivery-status')).toBeNull();
  });

  it('shows the count as is up to 99', () => {
    renderRow(makeChat({ unreadCount: 99 }));
    expect(screen.getByTestId('chat-row-unread').textContent).toBe('99');
  });

  it('shows no count at 0: the last line reads the message and nothing else', () => {
    const row = renderRow(makeChat({ unreadCount: 0, lastMessage: last({}) }));
    expect(within(row).queryByTestId('chat-row-unread')).toBeNull();
    // no badge, no stray '0' and no 'pesan belum dibaca' for screen readers
    expect(within(row).getByTestId('chat-row-preview').parentElement?.textContent).toBe('Halo kak');
  });

  it('names the message type when there is no text', () => {
    renderRow(makeChat({ lastMessage: last({ text: '', type: 'image' }) }));
    expect(screen.getByTestId('chat-row-preview').textContent).toBe('Gambar');
    expect(screen.queryByTestId('chat-row-unread')).toBeNull();
  });

  it('shows the delivery status only for my last message, blue-labelled when read', () => {
    const row = renderRow(makeChat({ lastMessage: last({ isFromMe: true, status: 'read' }) }));
    const status = within(row).getByTestId('delivery-status');
    expect(status.getAttribute('data-status')).toBe('read');
    expect(status.getAttribute('aria-label')).toBe('Dibaca');
    expect(status.style.color).toContain('blue');
  });

  it('shows at most two labels and the agent chip', () => {
    const labels = ['Baru', 'VIP', 'Grosir'].map((name, i) => ({ _id: `l${i}`, name, color: '#0f766e' }));
    renderRow(
      makeChat({
        contact: { name: 'Budi', phoneNumber: '62812', note: '', labels, labelIds: labels.map((l) => l._id) },
        agent: { _id: 'a1', name: 'Agen Demo', phone: '62811' },
      }),
    );
    expect(screen.getAllByTestId('chat-row-label').map((el) => el.textContent)).toEqual(['Baru', 'VIP']);
    expect(screen.getByTestId('chat-row-agent').textContent).toBe('Agen Demo');
  });
});
