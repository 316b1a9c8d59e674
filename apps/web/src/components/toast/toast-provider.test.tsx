import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { ToastInput } from './toast-context';
import { useToast } from './use-toast';

let api: ReturnType<typeof useToast>;
function Probe() {
  api = useToast();
  return null;
}

const show = (toast: ToastInput) => act(() => api.show(toast));
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const progress = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));

describe('toast (spec §3, §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderWithProviders(<Probe />);
  });

  it('shows title, message and type, with a progress bar starting at 100', () => {
    show({ title: 'Berhasil', message: 'Kontak Percakapan berhasil diubah', type: 'success' });
    const toast = screen.getByTestId('toast');
    expect(toast.getAttribute('data-type')).toBe('success');
    expect(toast.getAttribute('role')).toBe('status');
    expect(screen.getByTestId('toast-title').textContent).toBe('Berhasil');
    expect(screen.getByTestId('toast-message').textContent).toBe('Kontak Percakapan berhasil diubah');
    expect(progress()).toBe(100);
  });

  it('counts the progress down over the default 3000 ms, then hides', () => {
    show({ title: 'Gagal', message: 'error assign chat', type: 'error' });
    expect(screen.getByTestId('toast').getAttribute('role')).toBe('alert');
    advance(1500);
    expect(progress()).toBeGreaterThan(45);
    expect(progress()).toBeLessThan(55);
    advance(1400);
    expect(screen.queryByTestId('toast')).not.toBeNull();
    advance(200);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('honours a custom timeout', () => {
    show({ title: 'Berhasil', message: 'Percakapan berhasil diassign', type: 'success', timeout: 1500 });
    advance(1450);
    expect(screen.queryByTestId('toast')).not.toBeNull();
    advance(100);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('hides when closed', () => {
    show({ title: 'Info', message: 'Halo' });
    fireEvent.click(screen.getByRole('button', { name: 'Tutup notifikasi' }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('closes the visible toast before showing a new one, with a fresh countdown', () => {
    show({ title: 'Pertama', message: 'satu', type: 'info' });
    advance(2000);
    show({ title: 'Kedua', message: 'dua', type: 'warning' });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast-title').textContent).toBe('Kedua');
    expect(progress()).toBe(100);
    // The first toast's timer is gone: the second stays past the first one's deadline.
    advance(1500);
    expect(screen.getByTestId('toast-title').textContent).toBe('Kedua');
    advance(1600);
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
