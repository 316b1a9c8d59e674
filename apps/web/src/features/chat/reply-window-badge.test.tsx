import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { formatTimeLeft, type Chat } from '@sapa/contracts';
import { makeChat } from '../../test/chat-fixtures';
import { renderWithProviders } from '../../test/render';
import { ChatRoomHeader } from './chat-room-header';

const NOW = Date.parse('2026-01-10T12:00:00.000Z');
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** A chat whose contact last wrote so long ago that `left` ms of its window remain. */
function chatWith(account: Partial<Chat['account']>, left: number | null): Chat {
  const hours = account.replyWindowHours ?? 24;
  return makeChat({
    account: {
      type: 'instagram',
      label: { name: 'IG Toko' },
      provider: 'meta',
      replyWindowHours: 24,
      ...account,
    },
    fromSenderAt: left === null ? null : new Date(NOW - hours * HOUR + left).toISOString(),
  });
}

function renderHeader(chat: Chat) {
  return renderWithProviders(
    <MemoryRouter>
      <ChatRoomHeader chat={chat} onOpenInfo={() => {}} />
    </MemoryRouter>,
  );
}

const badge = () => screen.queryByTestId('reply-window-badge');

/** Lets the clock run minute by minute, each tick rendered before the next is set. */
function passMinutes(count: number) {
  for (let i = 0; i < count; i += 1) {
    act(() => {
      vi.advanceTimersByTime(MINUTE);
    });
  }
}

describe('time left to reply, in Indonesian words (issue 25)', () => {
  it('says hours and minutes, minutes alone under an hour, days for Messenger’s 7 days', () => {
    expect(formatTimeLeft(5 * HOUR + 12 * MINUTE + 59_000)).toBe('5 jam 12 menit');
    expect(formatTimeLeft(2 * HOUR)).toBe('2 jam');
    expect(formatTimeLeft(45 * MINUTE + 30_000)).toBe('45 menit');
    expect(formatTimeLeft(59_000)).toBe('kurang dari 1 menit');
    expect(formatTimeLeft(-1)).toBe('kurang dari 1 menit');
    expect(formatTimeLeft(168 * HOUR - MINUTE)).toBe('6 hari 23 jam');
    expect(formatTimeLeft(48 * HOUR)).toBe('2 hari');
  });
});

describe('reply window in the room header (issue 25)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Sisa waktu membalas' for an open Instagram window and counts down every minute", () => {
    renderHeader(chatWith({}, 5 * HOUR + 12 * MINUTE + 30_000));
    expect(badge()?.textContent).toBe('Sisa waktu membalas: 5 jam 12 menit');
    expect(badge()?.getAttribute('role')).toBe('timer');
    expect(badge()?.hasAttribute('data-soon')).toBe(false);
    passMinutes(1);
    expect(badge()?.textContent).toBe('Sisa waktu membalas: 5 jam 11 menit');
  });

  it('turns orange under two hours and shows minutes alone under one hour', () => {
    renderHeader(chatWith({ type: 'messenger' }, 1 * HOUR + 59 * MINUTE));
    expect(badge()?.hasAttribute('data-soon')).toBe(true);
    expect(badge()?.textContent).toBe('Sisa waktu membalas: 1 jam 59 menit');
    passMinutes(60);
    expect(badge()?.textContent).toBe('Sisa waktu membalas: 59 menit');
  });

  it('counts the WhatsApp Cloud API window and Messenger’s longer one', () => {
    const view = renderHeader(chatWith({ type: 'whatsapp', provider: 'whatsapp-cloud' }, 20 * HOUR));
    expect(badge()?.textContent).toBe('Sisa waktu membalas: 20 jam');
    view.unmount();
    renderHeader(chatWith({ type: 'messenger', replyWindowHours: 168 }, 100 * HOUR));
    expect(badge()?.textContent).toBe('Sisa waktu membalas: 4 hari 4 jam');
  });

  it('shows nothing on WhatsApp Web, nor once the window has closed', () => {
    const view = renderHeader(
      makeChat({
        account: {
          type: 'whatsapp',
          label: { name: 'WA' },
          provider: 'whatsapp-web',
          replyWindowHours: null,
        },
      }),
    );
    expect(screen.getByTestId('chat-room-header')).toBeTruthy();
    expect(badge()).toBeNull();
    view.unmount();
    renderHeader(chatWith({}, -MINUTE));
    expect(badge()).toBeNull();
  });

  it('leaves the badge out when the countdown reaches the end', () => {
    renderHeader(chatWith({}, 90_000));
    expect(badge()?.textContent).toBe('Sisa waktu membalas: 1 menit');
    passMinutes(1);
    expect(badge()?.textContent).toBe('Sisa waktu membalas: kurang dari 1 menit');
    passMinutes(1);
    expect(badge()).toBeNull();
  });
});
