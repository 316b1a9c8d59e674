import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ChatComposer } from './chat-composer';

function setup(disabled = false) {
  const onSend = vi.fn();
  renderWithProviders(<ChatComposer onSend={onSend} disabled={disabled} />);
  const input = screen.getByRole('textbox', { name: 'Ketik pesan' }) as HTMLTextAreaElement;
  const button = screen.getByRole('button', { name: 'Kirim' }) as HTMLButtonElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  return { onSend, input, button, type };
}

describe('composer (spec §2 Composer, §4 Sending)', () => {
  it('sends on Enter and clears the text', () => {
    const { onSend, input, type } = setup();
    type('Halo kak');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Halo kak');
    expect(input.value).toBe('');
  });

  it('does not send on Shift+Enter (a new line)', () => {
    const { onSend, input, type } = setup();
    type('baris satu');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('baris satu');
  });

  it('never sends empty or blank text', () => {
    const { onSend, input, button, type } = setup();
    fireEvent.keyDown(input, { key: 'Enter' });
    type('   \n  ');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the Kirim button, trimmed', () => {
    const { onSend, button, type } = setup();
    type('  Terima kasih  ');
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledWith('Terima kasih');
  });

  it('waits while disabled', () => {
    const { onSend, input, type } = setup(true);
    type('Halo');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});
