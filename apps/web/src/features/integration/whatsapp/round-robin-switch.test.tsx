import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@sapa/contracts';
import { renderWithProviders } from '../../../test/render';
import { RoundRobinSwitch } from './round-robin-switch';

const account = {
  _id: 'wa1',
  id: 'wa1',
  type: 'whatsapp',
  label: { name: 'CS Toko', phoneNumber: '6281234567890' },
  isSandbox: false,
  provider: 'whatsapp-web',
  status: 'connected',
  statusReason: null,
  lastSeenAt: null,
  linking: null,
  pacing: { minGapMs: 3000, hourlyCap: 250 },
  roundRobin: false,
  channel: null,
  createdAt: '2026-03-01T00:00:00.000Z',
} as Account;

afterEach(() => vi.unstubAllGlobals());

describe("'Bagi rata percakapan baru ke agen' (issue 21)", () => {
  it('turns round-robin on for the number and says so', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body = init.body ? JSON.parse(String(init.body)) : null;
        calls.push({ method: init.method ?? 'GET', path: new URL(url, 'http://x').pathname, body });
        return new Response(JSON.stringify({ ...account, roundRobin: true }));
      }),
    );
    renderWithProviders(<RoundRobinSwitch account={account} />);
    const toggle = screen.getByRole('switch', { name: /^Bagi rata percakapan baru ke agen/ });
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/api/account/wa1/round-robin',
      body: { enabled: true },
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Percakapan baru dibagi rata ke agen');
  });

  it('a refusal leaves the switch off and shows the reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Hanya pemilik' }), { status: 403 })),
    );
    renderWithProviders(<RoundRobinSwitch account={account} />);
    const toggle = screen.getByRole('switch', { name: /^Bagi rata percakapan baru ke agen/ });
    fireEvent.click(toggle);
    expect((await screen.findByTestId('toast')).textContent).toContain('Hanya pemilik');
    expect(toggle).toHaveProperty('checked', false);
  });
});
