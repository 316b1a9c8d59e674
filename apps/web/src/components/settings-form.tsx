import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { ZodForm } from '../lib/use-zod-form';
import { FormAlert } from './form-alert';

export interface SettingsFormProps {
  /** the card's heading and the line under it; none when the page header already names it */
  title?: string;
  description?: string;
  onSubmit: (event: FormEvent) => void;
  /** the refusal shown above the fields */
  formError: string | null;
  pending: boolean;
  children: ReactNode;
}

/** A settings card: its heading, the alert above the fields, the fields, then 'Simpan' on the right. */
export function SettingsForm({
  title,
  description,
  onSubmit,
  formError,
  pending,
  children,
}: SettingsFormProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
      {title ? (
        <>
          <Title order={3} fz="h4" mb={4}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            {description}
          </Text>
        </>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>
              Simpan
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The current password, then the new one (and its confirmation when asked for). */
export function PasswordChangeFields<
  V extends { currentPassword: string; password: string } & Record<string, string>,
>({
  form,
  confirmField,
}: {
  form: ZodForm<V>;
  /** the field that repeats the new password */
  confirmField?: keyof V & string;
}) {
  return (
    <>
      <PasswordInput
        label="Kata Sandi Saat Ini"
        autoComplete="current-password"
        {...form.getInputProps('currentPassword')}
      />
      <PasswordInput
        label="Kata Sandi Baru"
        description="Minimal 8 karakter"
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      {confirmField ? (
        <PasswordInput
          label="Konfirmasi Kata Sandi Baru"
          autoComplete="new-password"
          {...form.getInputProps(confirmField)}
        />
      ) : null}
    </>
  );
}
