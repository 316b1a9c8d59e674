import { useState } from 'react';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-error';
import { renderWithProviders } from '../test/render';
import { FormModal, ModalForm, NameInput, useSaveCallbacks } from './form-modal';
import { useServerForm } from './use-server-form';
import { WEB_MESSAGES } from '@sapa/contracts';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)} data-testid="counter">
      {count}
    </button>
  );
}

describe('FormModal', () => {
  it('shows the title and a close button labelled Tutup, and closes on Escape', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <FormModal opened onClose={onClose} title="Tambah Grup" testId="shell">
        <p>isi</p>
      </FormModal>,
    );
    expect(await screen.findByText('Tambah Grup')).toBeTruthy();
    expect(screen.getByTestId('shell').textContent).toBe('isi');
    fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByTestId('shell'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('with resetOnOpen, mounts the content afresh on each opening but keeps it while closing', async () => {
    const view = (opened: boolean) => (
      <FormModal opened={opened} onClose={() => {}} title="T" resetOnOpen>
        <Counter />
      </FormModal>
    );
    const { rerender } = renderWithProviders(view(true));
    fireEvent.click(await screen.findByTestId('counter'));
    expect(screen.getByTestId('counter').textContent).toBe('1');
    rerender(view(false));
    expect(screen.queryByTestId('counter')?.textContent ?? '1').toBe('1');
    rerender(view(true));
    await waitFor(() => expect(screen.getByTestId('counter').textContent).toBe('0'));
  });

  it('without resetOnOpen, keeps the content between openings', async () => {
    const view = (opened: boolean) => (
      <FormModal opened={opened} onClose={() => {}} title="T">
        <Counter />
      </FormModal>
    );
    const { rerender } = renderWithProviders(view(true));
    fireEvent.click(await screen.findByTestId('counter'));
    rerender(view(false));
    rerender(view(true));
    await waitFor(() => expect(screen.getByTestId('counter').textContent).toBe('1'));
  });
});

describe('ModalForm', () => {
  const form = (props: { pending?: boolean; formError?: string | null; onSubmit?: () => void }) => (
    <ModalForm
      onSubmit={props.onSubmit ?? (() => {})}
      pending={props.pending ?? false}
      formError={props.formError ?? null}
      onCancel={() => {}}
      submitTestId="submit"
      data-testid="the-form"
      header={<span data-testid="header">kepala</span>}
    >
      <NameInput label="Nama" max={50} data-testid="name" />
    </ModalForm>
  );

  it('submits on Enter and on the button; Batal and Simpan by default', () => {
    const onSubmit = vi.fn();
    renderWithProviders(form({ onSubmit }));
    expect(screen.getByRole('button', { name: 'Batal' })).toBeTruthy();
    expect(screen.getByTestId('submit').textContent).toBe('Simpan');
    fireEvent.submit(screen.getByTestId('the-form'));
    fireEvent.click(screen.getByTestId('submit'));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('does not submit while pending, and disables Batal', () => {
    const onSubmit = vi.fn();
    renderWithProviders(form({ onSubmit, pending: true }));
    fireEvent.submit(screen.getByTestId('the-form'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Batal' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the header, then the refusal, then the fields', () => {
    renderWithProviders(form({ formError: 'Nama sudah dipakai' }));
    const order = [
      screen.getByTestId('header'),
      screen.getByTestId('form-error'),
      screen.getByTestId('name'),
    ];
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Maksimal 50 karakter')).toBeTruthy();
    expect(screen.getByTestId('name').hasAttribute('data-autofocus')).toBe(true);
  });
});

describe('useSaveCallbacks', () => {
  it('toasts the message, ends the form, then runs `after`; a refusal goes to onError', async () => {
    const calls: string[] = [];
    const onError = vi.fn();
    function Saver() {
      const saved = useSaveCallbacks(() => calls.push('done'), onError);
      const callbacks = saved(
        (answer: { message: string }) => answer.message,
        () => calls.push('after'),
      );
      return (
        <>
          <button type="button" onClick={() => callbacks.onSuccess({ message: 'Grup dibuat' })}>
            ok
          </button>
          <button type="button" onClick={() => callbacks.onError(new Error('x'))}>
            gagal
          </button>
        </>
      );
    }
    renderWithProviders(<Saver />);
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    expect(calls).toEqual(['done', 'after']);
    expect(await screen.findByText('Grup dibuat')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'gagal' }));
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('useServerForm', () => {
  const schema = z.object({ name: z.string().min(1, 'Nama wajib diisi'), phone: z.string() });

  it('puts each field’s first issue on it, and clears the alert on each check', () => {
    const { result } = renderHook(() => useServerForm<'name' | 'phone'>());
    act(() => result.current.fail(new Error('Server rusak')));
    expect(result.current.formError).toBe('Server rusak');
    let parsed: unknown;
    act(() => {
      parsed = result.current.check(schema.safeParse({ name: '', phone: 1 }));
    });
    expect(parsed).toBeNull();
    expect(result.current.formError).toBeNull();
    expect(result.current.errors.name).toBe('Nama wajib diisi');
    expect(result.current.errors.phone).toBeTruthy();
    act(() => result.current.clearError('name'));
    expect(result.current.errors.name).toBeUndefined();
    act(() => {
      parsed = result.current.check(schema.safeParse({ name: 'A', phone: '1' }));
    });
    expect(parsed).toEqual({ name: 'A', phone: '1' });
    expect(result.current.errors).toEqual({});
  });

  it('puts an issue without a field on the fallback field', () => {
    const { result } = renderHook(() => useServerForm<'name'>());
    const refined = z.object({ name: z.string() }).refine(() => false, 'Tidak boleh');
    act(() => void result.current.check(refined.safeParse({ name: 'a' }), 'name'));
    expect(result.current.errors.name).toBe('Tidak boleh');
  });

  it('shows the fields the server names in place of others, else its message', () => {
    const { result } = renderHook(() => useServerForm());
    act(() => void result.current.check(schema.safeParse({ name: '', phone: '' })));
    act(() => result.current.fail(new ApiError(422, 'Nomor salah', undefined, { phone: 'Nomor salah' })));
    expect(result.current.errors).toEqual({ phone: 'Nomor salah' });
    expect(result.current.formError).toBeNull();
    act(() => result.current.fail('bukan error'));
    expect(result.current.formError).toBe(WEB_MESSAGES.unexpectedError);
  });
});
