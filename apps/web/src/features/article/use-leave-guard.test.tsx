import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { inAppTarget, useLeaveGuard } from './use-leave-guard';

function Form({ dirty }: { dirty: boolean }) {
  const guard = useLeaveGuard(dirty);
  return (
    <>
      <Link to="/admin/article">Kembali</Link>
      <a href="https://contoh.test/luar">Luar</a>
      {guard.pending ? (
        <div role="dialog">
          <span>{guard.pending}</span>
          <button onClick={guard.stay}>Tetap</button>
          <button onClick={guard.leave}>Tinggalkan</button>
        </div>
      ) : null}
    </>
  );
}

const renderForm = (dirty: boolean) =>
  render(
    <MemoryRouter initialEntries={['/admin/article/form']}>
      <Routes>
        <Route path="/admin/article/form" element={<Form dirty={dirty} />} />
        <Route path="/admin/article" element={<p>daftar</p>} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => window.history.replaceState(null, '', '/'));

describe('useLeaveGuard', () => {
  it('lets links through while nothing is unsaved', () => {
    renderForm(false);
    fireEvent.click(screen.getByText('Kembali'));
    expect(screen.getByText('daftar')).toBeTruthy();
  });

  it('holds an in-app link while changes are unsaved, then follows it when the user leaves', () => {
    renderForm(true);
    fireEvent.click(screen.getByText('Kembali'));
    expect(screen.queryByText('daftar')).toBeNull();
    expect(screen.getByRole('dialog').textContent).toContain('/admin/article');
    fireEvent.click(screen.getByText('Tetap'));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByText('Kembali'));
    fireEvent.click(screen.getByText('Tinggalkan'));
    expect(screen.getByText('daftar')).toBeTruthy();
  });

  it('asks the browser before the tab closes with unsaved changes', () => {
    const { unmount } = renderForm(true);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    unmount();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('knows which clicks stay in the app', () => {
    const anchor = document.createElement('a');
    document.body.append(anchor);
    const click = (init: MouseEventInit = {}) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      Object.defineProperty(event, 'target', { value: anchor });
      return inAppTarget(event, window.location.origin);
    };
    anchor.href = '/admin/article?q=a';
    expect(click()).toBe('/admin/article?q=a');
    expect(click({ ctrlKey: true })).toBeNull();
    anchor.target = '_blank';
    expect(click()).toBeNull();
    anchor.target = '';
    anchor.href = 'https://contoh.test/luar';
    expect(click()).toBeNull();
    anchor.remove();
  });
});
