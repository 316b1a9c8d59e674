import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SearchForm, SearchInput } from './search-input';

function Box({ searching = false }: { searching?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <SearchInput
      value={value}
      onChange={setValue}
      searching={searching}
      label="Cari label"
      placeholder="Cari"
      clearLabel="Hapus pencarian"
      testId="label-search"
    />
  );
}

describe('SearchInput', () => {
  it('clears with Escape or the cross', () => {
    renderWithProviders(<Box />);
    const input = screen.getByTestId('label-search') as HTMLInputElement;
    expect(screen.queryByRole('button', { name: 'Hapus pencarian' })).toBeNull();
    fireEvent.change(input, { target: { value: 'vip' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'vip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hapus pencarian' }));
    expect(input.value).toBe('');
    expect(screen.getByRole('textbox', { name: 'Cari label' })).toBe(input);
  });

  it('shows a loader instead of the cross while searching', () => {
    renderWithProviders(<Box searching />);
    fireEvent.change(screen.getByTestId('label-search'), { target: { value: 'vip' } });
    expect(screen.queryByRole('button', { name: 'Hapus pencarian' })).toBeNull();
  });
});

function Form({ onApply, grouped }: { onApply: (search: string) => void; grouped?: boolean }) {
  const [draft, setDraft] = useState('');
  return (
    <SearchForm
      draft={draft}
      onDraftChange={setDraft}
      onApply={onApply}
      label="Cari agen"
      placeholder="Cari"
      clearLabel="Hapus pencarian"
      buttonLabel="Cari"
      testId="agent-search"
      buttonTestId="agent-search-button"
      className="sapa-agent-search"
      grouped={grouped}
    />
  );
}

describe('SearchForm', () => {
  it('searches the trimmed text on Enter or the button, and everything once emptied', () => {
    const onApply = vi.fn();
    renderWithProviders(<Form onApply={onApply} />);
    const input = screen.getByTestId('agent-search');
    fireEvent.change(input, { target: { value: '  budi ' } });
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('agent-search-button'));
    expect(onApply).toHaveBeenLastCalledWith('budi');
    fireEvent.submit(screen.getByRole('search'));
    expect(onApply).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Hapus pencarian' }));
    expect(onApply).toHaveBeenLastCalledWith('');
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(onApply).toHaveBeenLastCalledWith('');
  });

  it('puts the class on the form, or the fields in a group of their own', () => {
    const { unmount } = renderWithProviders(<Form onApply={() => {}} />);
    const form = screen.getByRole('search');
    expect(form.className).toBe('sapa-agent-search');
    expect(form.contains(screen.getByTestId('agent-search-button'))).toBe(true);
    expect(screen.getByTestId('agent-search-button').parentElement).toBe(form);
    unmount();
    renderWithProviders(<Form onApply={() => {}} grouped />);
    expect(screen.getByTestId('agent-search-button').parentElement).not.toBe(screen.getByRole('search'));
  });
});
