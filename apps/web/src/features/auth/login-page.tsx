import { Anchor, Group, PasswordInput, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { LoginBody, LoginResponse } from '@sapa/contracts';
import { AuthLayout } from '../../components/auth-layout';
import { api } from '../../lib/api-client';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthForm, AuthSwitchLink } from './auth-form';
import { useAuthForm } from './use-auth-form';
import { WEB_MESSAGES } from '@sapa/contracts';

const login = (body: LoginBody) => api.post<LoginResponse>('/auth/login', body);

/** /login: owners and agents sign in with email or phone; the route guard then sends them on. */
export function LoginPage() {
  const form = useZodForm({ identifier: '', password: '' });
  const action = useAction(login);
  const formProps = useAuthForm(form, async ({ loginBody }) => {
    const body = form.validate(loginBody);
    if (!body) return;
    const result = await action.run(body);
    // The guard moves a signed-in visitor off /login: to /user/verification or /user/chat.
    if (result.ok) sessionStore.set(sessionFromUser(result.data.token, result.data.user));
    else form.applyServerError(result.error, WEB_MESSAGES.unexpectedError);
  });

  return (
    <AuthLayout
      title="Masuk ke Sapa"
      description="Kelola percakapan WhatsApp, Instagram dan Messenger dalam satu tempat."
      footer={<AuthSwitchLink prompt="Belum punya akun?" to="/register" label="Daftar" />}
    >
      <AuthForm
        formProps={formProps}
        formError={form.formError}
        submitLabel="Masuk"
        pending={action.isPending}
        after={
          <Anchor component={Link} to="/login/admin" size="xs" c="dimmed" ta="center">
            Masuk sebagai admin
          </Anchor>
        }
      >
        <TextInput
          label="Email atau Nomor Telepon"
          placeholder="nama@bisnis.com atau 628123456789"
          autoComplete="username"
          autoFocus
          {...form.getInputProps('identifier')}
        />
        <PasswordInput
          label="Kata Sandi"
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/reset-password/request" size="sm">
            Lupa kata sandi?
          </Anchor>
        </Group>
      </AuthForm>
    </AuthLayout>
  );
}
