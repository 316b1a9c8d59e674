import type { ReactNode } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import type { useAuthForm } from './use-auth-form';

export interface AuthFormProps {
  /** the form's handlers from `useAuthForm` */
  formProps: ReturnType<typeof useAuthForm>;
  /** the refusal shown above the fields */
  formError: string | null;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
  /** below the submit button */
  after?: ReactNode;
}

/** An auth screen's form: the alert, the fields, then the full-width submit button. */
export function AuthForm({ formProps, formError, submitLabel, pending, children, after }: AuthFormProps) {
  return (
    <form {...formProps}>
      <Stack gap="md">
        <FormAlert message={formError} />
        {children}
        <Button type="submit" size="md" fullWidth loading={pending}>
          {submitLabel}
        </Button>
        {after}
      </Stack>
    </form>
  );
}

/** The line under an auth card that sends to the other screen: 'Belum punya akun? Daftar'. */
export function AuthSwitchLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <>
      {prompt}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
    </>
  );
}
