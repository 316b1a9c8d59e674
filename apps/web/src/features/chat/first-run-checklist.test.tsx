import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingState } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FirstRunChecklist } from './first-run-checklist';

const state = (over: Partial<OnboardingState> = {}): OnboardingState => ({
  steps: [
    { key: 'whatsapp', done: false },
    { key: 'agent', done: false },
    { key: 'template', done: false },
    { key: 'contacts', done: false },
  ],
  done: 0,
  total: 4,
  dismissed: false,
  ...over,
});

function renderWith(routes: Parameters<typeof fakeFetch>[0], compact = false) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  renderWithProviders(
    <MemoryRouter>
      <FirstRunChecklist compact={compact} />
    </MemoryRouter>,
  );
  return fake;
}

afterEach(() => vi.unstubAllGlobals());

describe('FirstRunChecklist', () => {
  it('shows a new owner 0 of 4 and hides once dismissed', async () => {
    sessionStore.set(sessionFromUser('tok', owner));
    const fake = renderWith({
      'GET /api/onboarding': () => [200, state()],
      'PUT /api/onboarding/dismiss': () => [200, state({ dismissed: true })],
    });
    expect((await screen.findByTestId('onboarding-progress')).textContent).toBe('0 dari 4 langkah selesai');
    fireEvent.click(screen.getByRole('button', { name: 'Sembunyikan panduan memulai' }));
    await waitFor(() => expect(screen.queryByTestId('onboarding')).toBeNull());
    expect(fake.calls.filter((c) => c.method === 'PUT' && c.path === '/api/onboarding/dismiss')).toHaveLength(
      1,
    );
  });

  it('shows nothing when every step is done or it was dismissed before', async () => {
    sessionStore.set(sessionFromUser('tok', owner));
    const fake = renderWith({ 'GET /api/onboarding': () => [200, state({ done: 4 })] });
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/api/onboarding')).toBe(true));
    expect(screen.queryByTestId('onboarding')).toBeNull();
  });

  it('agents see nothing and ask nothing', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    const fake = renderWith({ 'GET /api/onboarding': () => [200, state()] });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('onboarding')).toBeNull();
    expect(fake.calls.filter((c) => c.path === '/api/onboarding')).toHaveLength(0);
  });

  it("on a phone: one line with the progress; 'Lihat langkah' opens the steps, a dismissal hides both", async () => {
    sessionStore.set(sessionFromUser('tok', owner));
    renderWith(
      {
        'GET /api/onboarding': () => [
          200,
          state({ done: 1, steps: state().steps.map((s, i) => ({ ...s, done: i === 0 })) }),
        ],
        'PUT /api/onboarding/dismiss': () => [200, state({ dismissed: true })],
      },
      true,
    );
    expect((await screen.findByTestId('onboarding-compact-progress')).textContent).toBe(
      '1 dari 4 langkah selesai',
    );
    expect(screen.queryByTestId('onboarding')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lihat langkah' }));
    const steps = await screen.findByTestId('onboarding');
    expect(steps.querySelector('[data-testid="onboarding-step-whatsapp"]')?.getAttribute('data-done')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sembunyikan panduan memulai' }));
    await waitFor(() => expect(screen.queryByTestId('onboarding-compact')).toBeNull());
  });
});
