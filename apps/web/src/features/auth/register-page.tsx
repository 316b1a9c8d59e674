import { useState } from 'react';
import { PasswordInput, Text, TextInput } from '@mantine/core';
import type { RegisterBody } from '@sapa/contracts';
import { AuthLayout } from '../../components/auth-layout';
import { FormPhoneField } from '../../components/form-phone-field';
import { countryByCode, DEFAULT_COUNTRY } from '../../lib/phone-form';
import { referralStore } from '../../lib/referral-store';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthForm, AuthSwitchLink } from './auth-form';
import { requestRegistration } from './register-api';
import { RegisterCodeStep } from './register-code-step';
import { useAuthForm } from './use-auth-form';
import { WEB_MESSAGES } from '@sapa/contracts';

const FIELDS = ['name', 'email', 'phone', 'password'] as const;

/**
 * /register in two steps: the form (with the saved referral code), then the code mailed to the
 * email, which creates the account and signs in; the guard then opens /user/chat. The first answer
 * is the same whether or not the email already has an account.
 */
export function RegisterPage() {
  const referralCode = referralStore.get();
  const form = useZodForm({ name: '', email: '', country: DEFAULT_COUNTRY.code, phone: '', password: '' });
  const [sent, setSent] = useState<{ body: RegisterBody; message: string } | null>(null);
  const action = useAction(requestRegistration);
  const formProps = useAuthForm(form, async ({ registerForm, registerBody }) => {
    const data = form.validate(registerForm);
    if (!data) return;
    const body = registerBody.safeParse({
      name: data.name,
      email: data.email,
      phone: countryByCode(data.country).dial + data.phone,
      password: data.password,
      referralCode: referralCode ?? undefined,
    });
    if (!body.success) {
      for (const issue of body.error.issues) {
        const field = FIELDS.find((name) => name === issue.path[0]);
        if (field) form.setFieldError(field, issue.message);
      }
      return;
    }
    const result = await action.run(body.data);
    if (result.ok) setSent({ body: body.data, message: result.data.message });
    else form.applyServerError(result.error, WEB_MESSAGES.unexpectedError);
  });

  if (sent) {
    return (
      <RegisterCodeStep
        body={sent.body}
        message={sent.message}
        onResent={(message) => setSent({ ...sent, message })}
        onBack={() => setSent(null)}
      />
    );
  }

  return (
    <AuthLayout
      title="Daftar Sapa"
      description="Buat akun untuk mulai membalas pelanggan dari satu kotak masuk."
      footer={<AuthSwitchLink prompt="Sudah punya akun?" to="/login" label="Masuk" />}
    >
      <AuthForm
        formProps={formProps}
        formError={form.formError}
        submitLabel="Daftar"
        pending={action.isPending}
      >
        <TextInput label="Nama" autoComplete="name" autoFocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <FormPhoneField form={form} />
        <PasswordInput
          label="Kata Sandi"
          description="Minimal 8 karakter"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        {referralCode ? (
          <Text size="sm" c="dimmed" data-testid="referral-code">
            Kode referral: <strong>{referralCode}</strong>
          </Text>
        ) : null}
      </AuthForm>
    </AuthLayout>
  );
}
