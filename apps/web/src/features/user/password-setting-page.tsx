import type { FormEvent } from 'react';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { changePasswordBody, t, type UserProfile } from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { useZodForm } from '../../lib/use-zod-form';
import { WEB_MESSAGES } from '../../lib/web-messages';
import { useUserMutation } from './use-user-mutation';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Pengaturan > Password: current, new and confirmation; other sessions end on the server. */
export function PasswordSettingPage() {
  const toast = useToast();
  const form = useZodForm(EMPTY);
  const save = useUserMutation(
    (body: { password: string; currentPassword: string }) => api.patch<UserProfile>('/user', body),
    (u) => u,
    {
      onSuccess: () => {
        form.setValues(EMPTY);
        toast.show({ title: t('common.success'), message: t('profile.passwordUpdated'), type: 'success' });
      },
      onError: (error) => form.applyServerError(error, WEB_MESSAGES.unexpectedError),
    },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(changePasswordBody);
    if (!data) return;
    save.mutate({ password: data.password, currentPassword: data.currentPassword });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560}>
      <Title order={3} fz="h4" mb={4}>
        Password
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Setelah diganti, perangkat lain yang masih masuk akan dikeluarkan.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError} />
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
          <PasswordInput
            label="Konfirmasi Kata Sandi Baru"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Simpan
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
