import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { makeMessage } from '../../test/chat-fixtures';
import { fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NoteBubble } from './note-bubble';

const team = [
  { _id: 'u1', name: 'Rina Pemilik', role: 'owner', available: true },
  { _id: 'a1', name: 'Budi Agen', role: 'agent', available: true },
];

afterEach(() => vi.unstubAllGlobals());

describe('NoteBubble', () => {
  it("names the owner's own note by the owner's name, and bolds a mention", async () => {
    sessionStore.set(sessionFromUser('tok', owner));
    const fake = fakeFetch({ 'GET /api/teammate': () => [200, { docs: team }] });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(
      <NoteBubble
        message={makeMessage({
          kind: 'note',
          isFromMe: true,
          agent: null,
          text: 'Cek @Budi Agen',
          mentions: ['a1'],
        })}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('note-author').textContent).toBe('Rina Pemilik'));
    expect(screen.getByRole('note').getAttribute('aria-label')).toBe('Catatan internal dari Rina Pemilik');
    expect(screen.getByText('@Budi Agen').tagName).toBe('STRONG');
  });

  it("names an agent's note by the agent without asking for the team", async () => {
    sessionStore.set(sessionFromUser('tok', owner));
    const fake = fakeFetch({ 'GET /api/teammate': () => [200, { docs: team }] });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(
      <NoteBubble
        message={makeMessage({
          kind: 'note',
          isFromMe: true,
          agent: { name: 'Budi Agen' },
          text: 'Sudah saya cek',
        })}
      />,
    );
    expect(screen.getByTestId('note-author').textContent).toBe('Budi Agen');
    await new Promise((r) => setTimeout(r, 30));
    expect(fake.calls.filter((c) => c.path === '/api/teammate')).toHaveLength(0);
  });
});
