import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { t, type UserProfile, WEB_MESSAGES } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { useUserMutation } from './use-user-mutation';

/** Offers the one-time 7-day trial to an owner without a subscription. */
export function TrialBanner() {
  const toast = useToast();
  const activate = useUserMutation(
    () => api.post<{ message: string; user: UserProfile }>('/user/trial-activate'),
    (output) => output.user,
    {
      onSuccess: (output) =>
        toast.show({ title: t('common.success'), message: output.message, type: 'success' }),
      onError: (error) =>
        toast.show({
          title: t('common.failed'),
          message: errorMessage(error, WEB_MESSAGES.unexpectedError),
          type: 'error',
        }),
    },
  );

  return (
    <Alert
      variant="light"
      color="brand"
      radius={0}
      icon={<IconSparkles size={20} stroke={1.7} />}
      className="sapa-trial-banner"
      data-testid="trial-banner"
      role="region"
      aria-label="Uji coba gratis"
    >
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={600} size="sm">
            {WEB_MESSAGES.trialTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {WEB_MESSAGES.trialBody}
          </Text>
        </div>
        <Button size="sm" onClick={() => activate.mutate(undefined)} loading={activate.isPending}>
          Aktifkan Uji Coba
        </Button>
      </Group>
    </Alert>
  );
}
