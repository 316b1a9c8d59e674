import type { FormEvent } from 'react';
import { Alert, PasswordInput, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { z } from 'zod';
import {
  t,
  updateProfileBody,
  type UpdateProfileBody,
  type UserProfile,
  WEB_MESSAGES,
} from '@sapa/contracts';
import { FormPhoneField } from '../../components/form-phone-field';
import { SettingsForm } from '../../components/settings-form';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { localPhoneField } from '../../lib/local-phone-field';
import { countryByCode, splitPhone } from '../../lib/phone-form';
import { useSession } from '../../lib/use-session';
import { useZodForm } from '../../lib/use-zod-form';
import { useUserMutation } from './use-user-mutation';

const profileForm = updateProfileBody.extend({ country: z.string(), phone: localPhoneField });

function initialValues(me: { name: string; email: string; phone: string }) {
  const { country, number } = splitPhone(me.phone);
  return { name: me.name, email: me.email, country: country.code, phone: number, currentPassword: '' };
}

/**
 * Pengaturan > Profil: name, email and phone (an agent edits their own record). A new email asks for
 * the current password; an agent's email is set by their owner (Agen), so it is shown, not edited.
 */
export function ProfileSettingPage() {
  const session = useSession();
  const user = session?.user;
  const me = user?.agent ?? user;
  if (!me) return null;
  // A refreshed profile starts the form again from the stored values.
  return <ProfileForm key={`${me.name}|${me.email}|${me.phone}`} me={me} isAgent={!!user?.agent} />;
}

function ProfileForm({
  me,
  isAgent,
}: {
  me: { name: string; email: string; phone: string };
  isAgent: boolean;
}) {
  const toast = useToast();
  const form = useZodForm(initialValues(me));
  // Saving a new email sets needVerification: the guard then opens /user/verification.
  const save = useUserMutation(
    (body: UpdateProfileBody) => api.patch<UserProfile>('/user', body),
    (u) => u,
    {
      onSuccess: () =>
        toast.show({ title: t('common.success'), message: t('profile.updated'), type: 'success' }),
      onError: (error) => form.applyServerError(error, WEB_MESSAGES.unexpectedError),
    },
  );

  const emailChanged = !isAgent && form.values.email.trim().toLowerCase() !== me.email;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate(profileForm);
    if (!data) return;
    if (emailChanged && !data.currentPassword) {
      form.setFieldError('currentPassword', t('validation.required'));
      return;
    }
    const body = updateProfileBody.safeParse({
      name: data.name,
      email: isAgent ? me.email : data.email,
      phone: countryByCode(data.country).dial + data.phone,
      ...(emailChanged ? { currentPassword: data.currentPassword } : {}),
    });
    if (!body.success) {
      form.setFieldError('phone', body.error.issues.find((i) => i.path[0] === 'phone')?.message);
      return;
    }
    save.mutate(body.data);
  };

  return (
    <SettingsForm
      title="Profil"
      description="Data ini dipakai untuk masuk dan menerima pemberitahuan dari Sapa."
      onSubmit={onSubmit}
      formError={form.formError}
      pending={save.isPending}
    >
      <TextInput label="Nama" autoComplete="name" {...form.getInputProps('name')} />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={isAgent}
        description={isAgent ? WEB_MESSAGES.agentEmailNotice : undefined}
        {...form.getInputProps('email')}
      />
      {!isAgent ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} p="xs" role="note">
          <Text size="xs">{WEB_MESSAGES.emailChangeNotice}</Text>
        </Alert>
      ) : null}
      {emailChanged ? (
        <PasswordInput
          label="Kata Sandi Saat Ini"
          description="Diperlukan untuk mengganti email"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
      ) : null}
      <FormPhoneField form={form} />
    </SettingsForm>
  );
}
