import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { useShareForms, type SharedPlace } from './share-forms';

function Harness({ onSend, prefix }: { onSend: (content: SharedPlace) => void; prefix?: string }) {
  const { openLocation, openContact, forms } = useShareForms(onSend, prefix);
  return (
    <>
      <button
        type="button"
        onClick={() => openLocation({ latitude: -6.2, longitude: 106.8, name: 'Toko', address: 'Jl. A' })}
      >
        lokasi
      </button>
      <button type="button" onClick={() => openContact()}>
        kontak
      </button>
      {forms}
    </>
  );
}

describe('useShareForms', () => {
  it('opens the location form filled in and hands over what it sends', async () => {
    const onSend = vi.fn();
    renderWithProviders(<Harness onSend={onSend} prefix="p-" />);
    expect(screen.queryByTestId('p-location-form')).toBeNull();
    fireEvent.click(screen.getByText('lokasi'));
    fireEvent.click(await screen.findByTestId('p-location-submit'));
    expect(onSend).toHaveBeenCalledWith({
      type: 'location',
      location: { latitude: -6.2, longitude: 106.8, name: 'Toko', address: 'Jl. A' },
    });
  });

  it('opens the contact form with the unprefixed test ids by default', async () => {
    renderWithProviders(<Harness onSend={() => {}} />);
    fireEvent.click(screen.getByText('kontak'));
    expect(await screen.findByTestId('contact-form')).toBeTruthy();
  });
});
