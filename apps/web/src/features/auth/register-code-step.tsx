import { Anchor, Group } from '@mantine/core';
import type { RegisterBody } from '@sapa/contracts';
import { AuthLayout } from '../../components/auth-layout';
import { ResendCode, useResendCallbacks, VerificationCodeField } from '../../components/verification-code';
import { referralStore } from '../../lib/referral-store';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { useAction } from '../../lib/use-action';
import { useCooldown } from '../../lib/use-cooldown';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthForm } from './auth-form';
import { requestRegistration, verifyRegistration } from './register-api';
import { useAuthForm } from './use-auth-form';
import { interpolate, WEB_MESSAGES } from '@sapa/contracts';

const RESEND_COOLDOWN_S = 60;

export interface RegisterCodeStepProps {
  /** what the first step sent; 'Kirim ulang' sends it again for a new code */
  body: RegisterBody;
  /** the server's answer: where the code went */
  message: string;
  onResent: (message: string) => void;
  /** back to the form, its values kept (another phone after a conflict, a mistyped email) */
  onBack: () => void;
}

/**
 * The registration's second step: the 6-digit code from the email creates the account and signs in
 * (the guard then opens /user/chat); 'Kirim ulang' posts the registration again for a new code.
 */
export function RegisterCodeStep({ body, message, onResent, onBack }: RegisterCodeStepProps) {
  const form = useZodForm({ code: '' });
  const [cooldown, startCooldown] = useCooldown(RESEND_COOLDOWN_S);
  const verify = useAction(verifyRegistration);
  const resend = useAction(requestRegistration);
  const resendCallbacks = useResendCallbacks(startCooldown, RESEND_COOLDOWN_S);
  const formProps = useAuthForm(form, async ({ registerCodeForm }) => {
    const data = form.validate(registerCodeForm);
    if (!data) return;
    const result = await verify.run({ email: body.email, code: data.code });
    if (result.ok) {
      referralStore.clear();
      sessionStore.set(sessionFromUser(result.data.token, result.data.user));
    } else {
      form.applyServerError(result.error, WEB_MESSAGES.unexpectedError);
    }
  });

  const onResend = async () => {
    const result = await resend.run(body);
    if (result.ok) {
      form.setValues({ code: '' });
      form.setFormError(null);
      onResent(result.data.message);
      resendCallbacks.onSuccess(result.data);
    } else {
      resendCallbacks.onError(result.error);
    }
  };

  return (
    <AuthLayout title="Masukkan kode verifikasi" description={message}>
      <AuthForm
        formProps={formProps}
        formError={form.formError}
        submitLabel="Verifikasi"
        pending={verify.isPending}
        after={
          <>
            <ResendCode
              prompt="Belum menerima kode?"
              label="Kirim ulang"
              onResend={() => void onResend()}
              pending={resend.isPending}
              cooldown={cooldown}
              cooldownText={interpolate(WEB_MESSAGES.verifyResendCooldown, { seconds: cooldown })}
              cooldownTestId="register-resend-cooldown"
              buttonTestId="register-resend"
            />
            <Group justify="center">
              <Anchor component="button" type="button" size="sm" onClick={onBack}>
                Ubah data pendaftaran
              </Anchor>
            </Group>
          </>
        }
      >
        <VerificationCodeField
          label="Kode Verifikasi"
          testId="register-code"
          autoFocus="mount"
          value={form.values.code}
          onChange={(value) => form.setFieldValue('code', value)}
          error={form.errors.code}
          digitLabel={(n) => `Kode verifikasi digit ${n}`}
        />
      </AuthForm>
    </AuthLayout>
  );
}
