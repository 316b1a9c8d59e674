import type { FormEvent } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  t,
  verifyBody,
  type MessageResponse,
  type UserProfile,
  interpolate,
  WEB_MESSAGES,
} from '@sapa/contracts';
import { AuthLayout } from '../../components/auth-layout';
import { FormAlert } from '../../components/form-alert';
import { useToast } from '../../components/toast/use-toast';
import { ResendCode, useResendCallbacks, VerificationCodeField } from '../../components/verification-code';
import { api } from '../../lib/api-client';
import { useLogout } from '../../lib/use-logout';
import { useSession } from '../../lib/use-session';
import { useZodForm } from '../../lib/use-zod-form';
import { useCooldown } from '../../lib/use-cooldown';
import { useUserMutation } from './use-user-mutation';

const RESEND_COOLDOWN_S = 60;

/** /user/verification: the 6-digit code from the email; afterwards the guard opens /user/chat. */
export function VerificationPage() {
  const session = useSession();
  const toast = useToast();
  const logout = useLogout();
  const [cooldown, startCooldown] = useCooldown();
  const form = useZodForm({ code: '' });
  const email = session?.user?.email ?? '';

  const verify = useUserMutation(
    (body: { code: string }) => api.post<{ message: string; user: UserProfile }>('/user/verify', body),
    (output) => output.user,
    {
      onSuccess: ({ message }) => toast.show({ title: t('common.success'), message, type: 'success' }),
      onError: (error) => form.applyServerError(error, WEB_MESSAGES.unexpectedError),
    },
  );
  const resend = useMutation({ mutationFn: () => api.post<MessageResponse>('/user/verify/resend') });
  const resendCallbacks = useResendCallbacks(startCooldown, RESEND_COOLDOWN_S);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(verifyBody);
    if (!body) return;
    verify.mutate(body);
  };

  return (
    <AuthLayout
      title="Verifikasi Akun"
      description={t('auth.verifySent', { email })}
      footer={
        <>
          Bukan akun Anda?{' '}
          <Anchor component="button" type="button" onClick={logout} fw={600}>
            Keluar
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <VerificationCodeField
            label="Kode Verifikasi"
            testId="verification-code"
            autoFocus="mount"
            value={form.values.code}
            onChange={(value) => form.setFieldValue('code', value)}
            error={form.errors.code}
            digitLabel={(n) => `Kode verifikasi digit ${n}`}
          />
          <Button type="submit" size="md" fullWidth loading={verify.isPending}>
            Verifikasi
          </Button>
          <ResendCode
            prompt="Belum menerima kode?"
            label="Kirim ulang kode"
            onResend={() => resend.mutate(undefined, resendCallbacks)}
            pending={resend.isPending}
            cooldown={cooldown}
            cooldownText={interpolate(WEB_MESSAGES.verifyResendCooldown, { seconds: cooldown })}
            cooldownTestId="resend-cooldown"
          />
        </Stack>
      </form>
    </AuthLayout>
  );
}
