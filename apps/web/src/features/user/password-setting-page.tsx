import type { FormEvent } from 'react';
import { changePasswordBody, t, type UserProfile, WEB_MESSAGES } from '@sapa/contracts';
import { PasswordChangeFields, SettingsForm } from '../../components/settings-form';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { useZodForm } from '../../lib/use-zod-form';
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
    <SettingsForm
      title="Password"
      description="Setelah diganti, perangkat lain yang masih masuk akan dikeluarkan."
      onSubmit={onSubmit}
      formError={form.formError}
      pending={save.isPending}
    >
      <PasswordChangeFields form={form} confirmField="confirmPassword" />
    </SettingsForm>
  );
}
