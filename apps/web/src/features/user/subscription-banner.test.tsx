import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { agentUser, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SubscriptionBanner, subscriptionBannerOf, type SubscriptionBannerKind } from './subscription-banner';

const NOW = new Date('2026-03-10T00:00:00.000Z');
const ENDED = '2026-01-05T03:00:00.000Z';
const RUNNING = '2026-04-01T00:00:00.000Z';

function show(kind: Exclude<SubscriptionBannerKind, 'trial'>, expiredAt: string | null) {
  cleanup();
  renderWithProviders(
    <MemoryRouter>
      <SubscriptionBanner kind={kind} expiredAt={expiredAt} />
    </MemoryRouter>,
  );
  return screen.getByTestId('subscription-banner');
}

describe('the subscription banner', () => {
  it('picks the trial offer, the renew banners, the agent variants, or nothing while active', () => {
    const withExpiry = (expiredAt: string | null, trialUsed = false) => ({
      ...owner,
      trialUsed,
      subscription: { expiredAt },
    });
    expect(subscriptionBannerOf(withExpiry(null), false, NOW)).toBe('trial');
    expect(subscriptionBannerOf(withExpiry(null, true), false, NOW)).toBe('none');
    expect(subscriptionBannerOf(withExpiry(ENDED, true), false, NOW)).toBe('expired');
    expect(subscriptionBannerOf(withExpiry(RUNNING, true), false, NOW)).toBeNull();
    // an agent's profile carries the owner's subscription; agents never get the trial offer
    const agent = (expiredAt: string | null) => ({ ...agentUser, subscription: { expiredAt } });
    expect(subscriptionBannerOf(agent(ENDED), true, NOW)).toBe('agent-expired');
    expect(subscriptionBannerOf(agent(null), true, NOW)).toBe('agent-none');
    expect(subscriptionBannerOf(agent(RUNNING), true, NOW)).toBeNull();
    expect(subscriptionBannerOf(undefined, false, NOW)).toBeNull();
  });

  it('tells an owner whose subscription ended what is blocked, with the way to renew', () => {
    const banner = show('expired', ENDED);
    expect(banner.getAttribute('role')).toBe('region');
    expect(within(banner).getByTestId('subscription-banner-text').textContent).toBe(
      'Langganan Anda telah berakhir pada 05 Januari 2026. Kotak masuk tetap bisa dibaca, tetapi mengirim pesan, broadcast, status, dan menambah nomor diblokir.',
    );
    const renew = within(banner).getByRole('link', { name: 'Perpanjang sekarang' });
    expect(renew.getAttribute('href')).toBe('/user/transaction');
  });

  it('asks an owner who used the trial to choose a plan', () => {
    const banner = show('none', null);
    expect(banner.textContent).toContain('Pilih paket untuk mulai mengirim pesan');
    expect(within(banner).getByRole('link', { name: 'Pilih paket' }).getAttribute('href')).toBe(
      '/user/transaction',
    );
  });

  it('tells an agent to ask the owner, without a link agents may not follow', () => {
    const banner = show('agent-expired', ENDED);
    expect(banner.textContent).toContain('telah berakhir pada 05 Januari 2026');
    expect(banner.textContent).toContain('Minta pemilik akun untuk memperpanjang langganan');
    expect(within(banner).queryByRole('link')).toBeNull();

    const none = show('agent-none', null);
    expect(none.textContent).toContain('Minta pemilik akun untuk memilih paket');
  });
});
