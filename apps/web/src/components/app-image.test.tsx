import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppImage, DEFAULT_IMAGE } from './app-image';

describe('AppImage (spec §2: broken images fall back to a default image)', () => {
  it('swaps a broken source for the default image', () => {
    render(<AppImage src="https://cdn.example/hilang.jpg" alt="Kontak" />);
    const img = screen.getByRole('img', { name: 'Kontak' });
    expect(img.getAttribute('src')).toBe('https://cdn.example/hilang.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGE);
    expect(img.getAttribute('data-fallback')).toBe('true');
  });

  it('uses the default image when there is no source', () => {
    render(<AppImage alt="Kosong" />);
    expect(screen.getByRole('img', { name: 'Kosong' }).getAttribute('src')).toBe(DEFAULT_IMAGE);
  });
});
