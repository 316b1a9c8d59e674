import type { FormEvent } from 'react';
import { Divider, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  nameField,
  passwordField,
  t,
  updateAdminBody,
  usernameField,
  type AdminProfile,
  type UpdateAdminBody,
  WEB_MESSAGES,
} from '@sapa/contracts';
import { PageHeader } from '../../components/page-header';
import { PasswordChangeFields, SettingsForm } from '../../components/settings-form';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { ADMIN_PROFILE_KEY } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';
import { useZodForm } from '../../lib/use-zod-form';

/** Password change is optional: an empty new password leaves it as it is. */
const adminForm = z
  .object({
    name: nameField,
    username: usernameField,
    password: z.union([z.literal(''), passwordField]),
    currentPassword: z.string(),
  })
  .refine((v) => v.password === '' || v.currentPassword.length > 0, {
    message: t('validation.required'),
    path: ['currentPassword'],
  });

/** /admin/setting: the admin's name, username and an optional new password. */
export function AdminSettingPage() {
  const admin = useSession()?.admin;
  if (!admin) return null;
  return <AdminSettingForm key={`${admin.name}|${admin.username}`} admin={admin} />;
}

function AdminSettingForm({ admin }: { admin: AdminProfile }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useZodForm({
    name: admin.name,
    username: admin.username,
    password: '',
    currentPassword: '',
  });
  const save = useMutation({
    mutationFn: (body: UpdateAdminBody) => api.patch<AdminProfile>('/admin', body),
    onSuccess: (updated) => {
      queryClient.setQueryData(ADMIN_PROFILE_KEY, updated);
      sessionStore.setAdmin(updated);
      form.setFieldValue('password', '');
      form.setFieldValue('currentPassword', '');
      toast.show({ title: t('common.success'), message: t('common.saved'), type: 'success' });
    },
    onError: (error) => form.applyServerError(error, WEB_MESSAGES.unexpectedError),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(adminForm);
    if (!data) return;
    const body = updateAdminBody.parse({
      name: data.name,
      username: data.username,
      ...(data.password ? { password: data.password, currentPassword: data.currentPassword } : {}),
    });
    save.mutate(body);
  };

  return (
    <>
      <PageHeader title="Pengaturan" description="Ubah nama, username dan kata sandi akun admin Anda." />
      <SettingsForm onSubmit={onSubmit} formError={form.formError} pending={save.isPending}>
        <TextInput label="Nama" autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
        <Divider
          label={
            <Title order={3} fz="sm" c="dimmed" fw={500}>
              Ganti kata sandi (opsional)
            </Title>
          }
          labelPosition="left"
          mt="xs"
        />
        <Text size="xs" c="dimmed" mt={-8}>
          Kosongkan jika tidak ingin mengganti kata sandi.
        </Text>
        <PasswordChangeFields form={form} />
      </SettingsForm>
    </>
  );
}
