import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ResendCode, VerificationCodeField } from './verification-code';

describe('VerificationCodeField', () => {
  it('names each box and submits its form on Enter', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <VerificationCodeField
          label="Kode Verifikasi"
          testId="code"
          autoFocus="modal"
          value=""
          onChange={() => {}}
          error="Kode salah"
          digitLabel={(n) => `Digit ${n}`}
        />
      </form>,
    );
    expect(screen.getByText('Kode salah')).toBeTruthy();
    const first = screen.getByLabelText('Digit 1');
    expect(first.hasAttribute('data-autofocus')).toBe(true);
    expect(screen.getByLabelText('Digit 2').hasAttribute('data-autofocus')).toBe(false);
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

const resendCode = (cooldown: number, onResend = vi.fn()) => (
  <ResendCode
    prompt="Belum menerima kode?"
    label="Kirim ulang"
    onResend={onResend}
    pending={false}
    cooldown={cooldown}
    cooldownText={`tunggu ${cooldown}`}
    cooldownTestId="wait"
  />
);

describe('ResendCode', () => {
  it('disables the button and shows the wait while it runs', () => {
    const onResend = vi.fn();
    const { rerender } = renderWithProviders(resendCode(0, onResend));
    fireEvent.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    expect(onResend).toHaveBeenCalled();
    expect(screen.queryByTestId('wait')).toBeNull();
    rerender(resendCode(5, onResend));
    expect(screen.getByRole('button', { name: 'Kirim ulang' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('wait').textContent).toBe('tunggu 5');
  });
});
