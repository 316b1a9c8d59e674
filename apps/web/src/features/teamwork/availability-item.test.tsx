import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from '@mantine/core';
import { STORAGE_KEYS } from '@sapa/contracts';
import { renderWithProviders } from '../../test/render';
import { AvailabilityItem } from './availability-item';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("an agent's 'Tersedia untuk percakapan baru' (issue 21)", () => {
  it('reads the agent from the team list and switches it off', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ token: 't', agent: true, user: { _id: 'u1', agent: { _id: 'a1', name: 'Rina' } } }),
    );
    const calls: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        const body = init.body ? JSON.parse(String(init.body)) : null;
        calls.push({ method, path: new URL(url, 'http://x').pathname, body });
        if (method === 'GET')
          return new Response(
            JSON.stringify({
              docs: [
                { _id: 'u1', name: 'Pemilik', role: 'owner', available: true },
                { _id: 'a1', name: 'Rina', role: 'agent', available: true },
              ],
            }),
          );
        return new Response(JSON.stringify({ _id: 'a1', name: 'Rina', role: 'agent', available: false }));
      }),
    );
    renderWithProviders(
      <Menu opened>
        <Menu.Target>
          <button type="button">menu</button>
        </Menu.Target>
        <Menu.Dropdown>
          <AvailabilityItem />
        </Menu.Dropdown>
      </Menu>,
    );
    const item = await screen.findByTestId('availability-toggle');
    await waitFor(() => expect(item.textContent).toBe('Tersedia untuk percakapan baruAktif'));
    await waitFor(() => expect(item).toHaveProperty('disabled', false));
    fireEvent.click(item);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/agent/me/availability',
      body: { available: false },
    });
    await waitFor(() => expect(item.textContent).toBe('Tersedia untuk percakapan baruNonaktif'));
  });
});
