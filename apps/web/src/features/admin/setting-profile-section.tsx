import { Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { z } from 'zod';
import {
  nameField,
  passwordField,
  t,
  updateAdminBody,
  usernameField,
  WEB_MESSAGES,
  type AdminProfile,
} from '@sapa/contracts';
import { PasswordChangeFields } from '../../components/settings-form';
import { useToast } from '../../components/toast/use-toast';
import { useSession } from '../../lib/use-session';
import { useZodForm } from '../../lib/use-zod-form';
import { useUpdateAdminProfile } from '../../resources/admin/admin-settings';
import { SettingSection } from './setting-section';
import { SETTING_TEXT } from './setting-strings';

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

/** 'Profil': the signed-in operator's name, username and an optional new password (with the current one). */
export function SettingProfileSection() {
  const admin = useSession()?.admin;
  if (!admin) return null;
  return <ProfileForm key={`${admin.name}|${admin.username}`} admin={admin} />;
}

function ProfileForm({ admin }: { admin: AdminProfile }) {
  const toast = useToast();
  const form = useZodForm({ name: admin.name, username: admin.username, password: '', currentPassword: '' });
  const save = useUpdateAdminProfile();

  const submit = () => {
    const data = form.validate(adminForm);
    if (!data) return;
    const body = updateAdminBody.parse({
      name: data.name,
      username: data.username,
      ...(data.password ? { password: data.password, currentPassword: data.currentPassword } : {}),
    });
    save.mutate(body, {
      onSuccess: () => {
        form.setFieldValue('password', '');
        form.setFieldValue('currentPassword', '');
        toast.show({ title: t('common.success'), message: t('common.saved'), type: 'success' });
      },
      onError: (error) => form.applyServerError(error, WEB_MESSAGES.unexpectedError),
    });
  };

  return (
    <SettingSection
      title={SETTING_TEXT.profile}
      description={SETTING_TEXT.profileDescription}
      onSubmit={submit}
      pending={save.isPending}
      formError={form.formError}
      maw={560}
      testId="setting-profile"
    >
      <Stack gap="md">
        <TextInput label={SETTING_TEXT.name} autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label={SETTING_TEXT.username}
          autoComplete="username"
          {...form.getInputProps('username')}
        />
        <Divider
          label={
            <Title order={4} fz="sm" c="dimmed" fw={500}>
              {SETTING_TEXT.passwordHeading}
            </Title>
          }
          labelPosition="left"
          mt="xs"
        />
        <Text size="xs" c="dimmed" mt={-8}>
          {SETTING_TEXT.passwordHint}
        </Text>
        <PasswordChangeFields form={form} />
      </Stack>
    </SettingSection>
  );
}
