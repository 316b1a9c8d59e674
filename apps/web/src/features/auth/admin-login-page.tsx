import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminLoginBody, AdminLoginResponse } from '@sapa/contracts';
import { AuthLayout } from '../../components/auth-layout';
import { api } from '../../lib/api-client';
import { sessionFromAdmin, sessionStore } from '../../lib/session-store';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthForm } from './auth-form';
import { useAuthForm } from './use-auth-form';
import { WEB_MESSAGES } from '@sapa/contracts';

const adminLogin = (body: AdminLoginBody) => api.post<AdminLoginResponse>('/auth/admin/login', body);

/** /login/admin: operators sign in with a username; the guard then opens /admin/dashboard. */
export function AdminLoginPage() {
  const form = useZodForm({ username: '', password: '' });
  const action = useAction(adminLogin);
  const formProps = useAuthForm(form, async ({ adminLoginBody }) => {
    const body = form.validate(adminLoginBody);
    if (!body) return;
    const result = await action.run(body);
    if (result.ok) sessionStore.set(sessionFromAdmin(result.data.token, result.data.admin));
    else form.applyServerError(result.error, WEB_MESSAGES.unexpectedError);
  });

  return (
    <AuthLayout
      title="Masuk Admin"
      description="Khusus untuk tim pengelola Sapa."
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Masuk sebagai pengguna
        </Anchor>
      }
    >
      <AuthForm
        formProps={formProps}
        formError={form.formError}
        submitLabel="Masuk"
        pending={action.isPending}
      >
        <TextInput label="Username" autoComplete="username" autoFocus {...form.getInputProps('username')} />
        <PasswordInput
          label="Kata Sandi"
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
      </AuthForm>
    </AuthLayout>
  );
}
