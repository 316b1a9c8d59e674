import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { OnboardingChecklist } from './onboarding-checklist';

describe('OnboardingChecklist', () => {
  it('shows the progress, ticks the done steps, links each to its page and can be dismissed', () => {
    const onDismiss = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <OnboardingChecklist
          state={{
            steps: [
              { key: 'whatsapp', done: false },
              { key: 'agent', done: false },
              { key: 'template', done: true },
              { key: 'contacts', done: false },
            ],
            done: 1,
            total: 4,
            dismissed: false,
          }}
          onDismiss={onDismiss}
          dismissing={false}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('onboarding-progress').textContent).toContain('1 dari 4 langkah selesai');
    expect(screen.getByTestId('onboarding-step-template').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('onboarding-step-agent').getAttribute('data-done')).toBe('false');
    expect(screen.getByRole('link', { name: /Tambah template pesan/ }).getAttribute('href')).toBe(
      '/user/setting/chat-template',
    );
    expect(screen.getByRole('link', { name: /Tambah template pesan/ }).textContent).toContain('(Selesai)');
    expect(screen.getByRole('link', { name: 'Undang agen' }).getAttribute('href')).toBe('/user/agent');
    expect(screen.getByRole('link', { name: 'Impor kontak' }).getAttribute('href')).toBe(
      '/user/contact/broadcast',
    );
    expect(screen.getByRole('link', { name: /Tautkan nomor WhatsApp/ }).getAttribute('href')).toBe(
      '/user/integration/whatsapp',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sembunyikan panduan memulai' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
