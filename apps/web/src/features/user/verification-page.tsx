import { useRef, type FormEvent } from 'react';
import { Anchor, Button, Center, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { LIMITS, t, verifyBody, type MessageResponse, type UserProfile } from '@sapa/contracts';
import { AuthLayout } from '../../components/auth-layout';
import { FormAlert } from '../../components/form-alert';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useLogout } from '../../lib/use-logout';
import { useSession } from '../../lib/use-session';
import { useZodForm } from '../../lib/use-zod-form';
import { fill, WEB_MESSAGES } from '../../lib/web-messages';
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
  const formRef = useRef<HTMLFormElement>(null);

  const verify = useUserMutation(
    (body: { code: string }) => api.post<{ message: string; user: UserProfile }>('/user/verify', body),
    (output) => output.user,
    {
      onSuccess: ({ message }) => toast.show({ title: t('common.success'), message, type: 'success' }),
      onError: (error) => form.applyServerError(error, WEB_MESSAGES.unexpectedError),
    },
  );
  const resend = useMutation({ mutationFn: () => api.post<MessageResponse>('/user/verify/resend') });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(verifyBody);
    if (!body) return;
    verify.mutate(body);
  };

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => {
        startCooldown(RESEND_COOLDOWN_S);
        toast.show({ title: t('common.success'), message, type: 'success' });
      },
      onError: (error) => {
        const wait = error instanceof ApiError && error.status === 429 ? /(\d+)/.exec(error.message) : null;
        if (wait?.[1]) startCooldown(Number(wait[1]));
        toast.show({
          title: t('common.failed'),
          message: errorMessage(error, WEB_MESSAGES.unexpectedError),
          type: error instanceof ApiError && error.status === 429 ? 'warning' : 'error',
        });
      },
    });

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
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError} />
          <Input.Wrapper label="Kode Verifikasi" error={form.errors.code} labelElement="div">
            <Center
              mt={6}
              onKeyDownCapture={(event) => {
                // PinInput swallows Enter (not a digit); keep Enter-to-submit like every other form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  formRef.current?.requestSubmit();
                }
              }}
            >
              <PinInput
                data-testid="verification-code"
                length={LIMITS.verificationCodeLength}
                type="number"
                inputMode="numeric"
                oneTimeCode
                autoFocus
                size="md"
                gap={8}
                value={form.values.code}
                onChange={(value) => form.setFieldValue('code', value)}
                error={!!form.errors.code}
                getInputProps={(index) => ({ 'aria-label': `Kode verifikasi digit ${index + 1}` })}
              />
            </Center>
          </Input.Wrapper>
          <Button type="submit" size="md" fullWidth loading={verify.isPending}>
            Verifikasi
          </Button>
          <Group justify="center" gap={6}>
            <Text size="sm" c="dimmed">
              Belum menerima kode?
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onResend}
              loading={resend.isPending}
              disabled={cooldown > 0}
            >
              Kirim ulang kode
            </Button>
          </Group>
          {cooldown > 0 ? (
            <Text size="xs" c="dimmed" ta="center" data-testid="resend-cooldown" aria-live="polite">
              {fill(WEB_MESSAGES.verifyResendCooldown, { seconds: cooldown })}
            </Text>
          ) : null}
        </Stack>
      </form>
    </AuthLayout>
  );
}
