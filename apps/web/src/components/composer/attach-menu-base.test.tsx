import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AttachMenuBase } from './attach-menu-base';

function renderMenu(props: Partial<Parameters<typeof AttachMenuBase>[0]> = {}) {
  const handlers = { onFile: vi.fn(), onLocation: vi.fn(), onContact: vi.fn() };
  renderWithProviders(
    <AttachMenuBase
      kinds={['image', 'sticker', 'location', 'contact'] as const}
      buttonTestId="clip"
      testIdPrefix="x-"
      title="Lampirkan"
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('AttachMenuBase', () => {
  it('offers the given kinds with prefixed test ids and a hidden input a file kind', async () => {
    const { onLocation, onContact } = renderMenu();
    const button = screen.getByTestId('clip');
    expect(button.getAttribute('aria-label')).toBe('Lampirkan');
    expect(button.getAttribute('title')).toBe('Lampirkan');
    fireEvent.click(button);
    expect((await screen.findByTestId('x-attach-sticker')).textContent).toBe('Stiker');
    expect(screen.queryByTestId('x-attach-video')).toBeNull();
    expect(screen.getByTestId('x-file-input-image').getAttribute('accept')).toBe('image/*');
    expect(screen.getByTestId('x-file-input-sticker').getAttribute('accept')).toBe('image/webp');
    expect(screen.queryByTestId('x-file-input-location')).toBeNull();
    fireEvent.click(screen.getByTestId('x-attach-location'));
    expect(onLocation).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('clip'));
    fireEvent.click(await screen.findByTestId('x-attach-contact'));
    expect(onContact).toHaveBeenCalledOnce();
  });

  it('hands over a picked file with its kind, and has no title unless given', () => {
    const { onFile } = renderMenu({ title: undefined });
    expect(screen.getByTestId('clip').hasAttribute('title')).toBe(false);
    const file = new File(['x'], 'a.webp', { type: 'image/webp' });
    fireEvent.change(screen.getByTestId('x-file-input-sticker'), { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith('sticker', file);
  });
});
