import type { Ref } from 'react';
import { Button, Center, Group, Input, PinInput, Text } from '@mantine/core';
import { LIMITS, t, type MessageResponse, WEB_MESSAGES } from '@sapa/contracts';
import { ApiError, errorMessage } from '../lib/api-error';
import { useToast } from './toast/use-toast';

export interface VerificationCodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** the boxes' data-testid */
  testId: string;
  /** each box's accessible name, from its 1-based position */
  digitLabel: (n: number) => string;
  /** 'mount' focuses the first box once shown; 'modal' marks it for a modal's focus trap instead */
  autoFocus: 'mount' | 'modal';
  /** the element around the boxes */
  ref?: Ref<HTMLDivElement>;
}

/** The 6 boxes of an emailed verification code, under their label; Enter submits the form. */
export function VerificationCodeField({
  label,
  value,
  onChange,
  error,
  testId,
  digitLabel,
  autoFocus,
  ref,
}: VerificationCodeFieldProps) {
  return (
    <Input.Wrapper label={label} error={error} labelElement="div">
      <Center
        ref={ref}
        mt={6}
        onKeyDownCapture={(event) => {
          // PinInput swallows Enter (not a digit); keep Enter-to-submit like every other form.
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.closest('form')?.requestSubmit();
          }
        }}
      >
        <PinInput
          data-testid={testId}
          length={LIMITS.verificationCodeLength}
          type="number"
          inputMode="numeric"
          oneTimeCode
          autoFocus={autoFocus === 'mount' ? true : undefined}
          size="md"
          gap={8}
          value={value}
          onChange={onChange}
          error={!!error}
          getInputProps={(index) => ({
            'aria-label': digitLabel(index + 1),
            ...(autoFocus === 'modal' && index === 0 ? { 'data-autofocus': true } : {}),
          })}
        />
      </Center>
    </Input.Wrapper>
  );
}

export interface ResendCodeProps {
  /** the question before the button */
  prompt: string;
  label: string;
  onResend: () => void;
  pending: boolean;
  /** seconds left before another code may be sent */
  cooldown: number;
  /** the wait's text, shown while `cooldown` runs */
  cooldownText: string;
  cooldownTestId: string;
  buttonTestId?: string;
  wrap?: 'wrap';
}

/** 'Belum menerima kode?' with the resend button, disabled while the wait under it runs. */
export function ResendCode({
  prompt,
  label,
  onResend,
  pending,
  cooldown,
  cooldownText,
  cooldownTestId,
  buttonTestId,
  wrap,
}: ResendCodeProps) {
  return (
    <>
      <Group justify="center" gap={6} wrap={wrap}>
        <Text size="sm" c="dimmed">
          {prompt}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={onResend}
          loading={pending}
          disabled={cooldown > 0}
          data-testid={buttonTestId}
        >
          {label}
        </Button>
      </Group>
      {cooldown > 0 ? (
        <Text size="xs" c="dimmed" ta="center" data-testid={cooldownTestId} aria-live="polite">
          {cooldownText}
        </Text>
      ) : null}
    </>
  );
}

/**
 * The resend mutation's callbacks: a sent code toasts the server's message and starts the wait of
 * `seconds`; a refusal toasts it too, and a 429 starts the wait the server names ('warning').
 */
export function useResendCallbacks(startCooldown: (seconds: number) => void, seconds: number) {
  const toast = useToast();
  return {
    onSuccess: ({ message }: MessageResponse) => {
      startCooldown(seconds);
      toast.show({ title: t('common.success'), message, type: 'success' });
    },
    onError: (error: unknown) => {
      const limited = error instanceof ApiError && error.status === 429;
      const wait = limited ? /(\d+)/.exec(error.message) : null;
      if (wait?.[1]) startCooldown(Number(wait[1]));
      toast.show({
        title: t('common.failed'),
        message: errorMessage(error, WEB_MESSAGES.unexpectedError),
        type: limited ? 'warning' : 'error',
      });
    },
  };
}
