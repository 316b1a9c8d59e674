import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListHeader } from './list-header';

const owner = (readOnly: boolean, onAdd = () => {}) => ({
  readOnly,
  readOnlyNote: 'Hanya pemilik yang dapat mengubah',
  addLabel: 'Tambah',
  onAdd,
  testIdPrefix: 'wa',
});

describe('ListHeader', () => {
  it('shows the heading, the description, the actions and what goes under', () => {
    renderWithProviders(
      <ListHeader heading="Grup" description="Kontak per grup" actions={<button>Impor</button>}>
        <p>di bawah</p>
      </ListHeader>,
    );
    expect(screen.getByRole('heading', { name: 'Grup' })).toBeTruthy();
    expect(screen.getByText('Kontak per grup')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Impor' })).toBeTruthy();
    expect(screen.getByText('di bawah')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('gives the owner the add button and agents the owner-only note', () => {
    const onAdd = vi.fn();
    const { unmount } = renderWithProviders(
      <ListHeader heading="WA" description="d" owner={owner(false, onAdd)} />,
    );
    fireEvent.click(screen.getByTestId('wa-add'));
    expect(onAdd).toHaveBeenCalled();
    expect(screen.queryByTestId('wa-read-only')).toBeNull();
    unmount();
    renderWithProviders(<ListHeader heading="WA" description="d" owner={owner(true)} />);
    expect(screen.queryByTestId('wa-add')).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('Hanya pemilik yang dapat mengubah');
    expect(screen.getByTestId('wa-read-only')).toBe(screen.getByRole('note'));
  });
});
