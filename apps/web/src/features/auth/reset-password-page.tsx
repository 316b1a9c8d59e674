import { Anchor, PasswordInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { t, type MessageResponse, type ResetPasswordBody, WEB_MESSAGES } from '@sapa/contracts';
import { AuthLayout } from '../../components/auth-layout';
import { FormAlert } from '../../components/form-alert';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthForm } from './auth-form';
import { useAuthForm } from './use-auth-form';

const resetPassword = (body: ResetPasswordBody) => api.post<MessageResponse>('/auth/reset-password', body);

/** /reset-password?token=...: the link from the email; sets a new password, then back to /login. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const form = useZodForm({ password: '', confirmPassword: '' });
  const action = useAction(resetPassword);
  const formProps = useAuthForm(form, async ({ resetForm }) => {
    const data = form.validate(resetForm);
    if (!data) return;
    const result = await action.run({ token, password: data.password });
    if (result.ok) {
      toast.show({ title: t('common.success'), message: result.data.message, type: 'success' });
      void navigate('/login', { replace: true });
    } else {
      // An invalid or expired link answers with the server's message (field `token`, not an input).
      form.applyServerError(result.error, WEB_MESSAGES.unexpectedError);
    }
  });

  return (
    <AuthLayout
      title="Buat Kata Sandi Baru"
      description="Gunakan minimal 8 karakter yang mudah Anda ingat dan sulit ditebak."
      footer={
        <Anchor component={Link} to="/reset-password/request" size="sm">
          Minta tautan baru
        </Anchor>
      }
    >
      {token ? (
        <AuthForm
          formProps={formProps}
          formError={form.formError}
          submitLabel="Simpan"
          pending={action.isPending}
        >
          <PasswordInput
            label="Kata Sandi Baru"
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Konfirmasi Kata Sandi"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
        </AuthForm>
      ) : (
        <FormAlert message={t('auth.resetInvalid')} />
      )}
    </AuthLayout>
  );
}
