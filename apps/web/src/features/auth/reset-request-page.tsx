import { useState } from 'react';
import { Anchor, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { MessageResponse, ResetRequestBody } from '@sapa/contracts';
import { AuthLayout } from '../../components/auth-layout';
import { FormAlert } from '../../components/form-alert';
import { api } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthForm } from './auth-form';
import { useAuthForm } from './use-auth-form';
import { WEB_MESSAGES } from '@sapa/contracts';

const requestReset = (body: ResetRequestBody) =>
  api.post<MessageResponse>('/auth/reset-password/request', body);

/** /reset-password/request: asks for a reset link by email and shows the server's answer. */
export function ResetRequestPage() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm({ email: '' });
  const action = useAction(requestReset);
  const formProps = useAuthForm(form, async ({ resetRequestBody }) => {
    setSent(null);
    const body = form.validate(resetRequestBody);
    if (!body) return;
    const result = await action.run(body);
    if (result.ok) setSent(result.data.message);
    else form.applyServerError(result.error, WEB_MESSAGES.unexpectedError);
  });

  return (
    <AuthLayout
      title="Lupa Kata Sandi"
      description="Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat kata sandi baru."
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Kembali ke halaman masuk
        </Anchor>
      }
    >
      <AuthForm
        formProps={formProps}
        formError={form.formError}
        submitLabel="Kirim Tautan"
        pending={action.isPending}
      >
        <FormAlert message={sent} type="success" />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          {...form.getInputProps('email')}
        />
      </AuthForm>
    </AuthLayout>
  );
}
