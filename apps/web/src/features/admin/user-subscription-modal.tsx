import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCalendarPlus } from '@tabler/icons-react';
import {
  interpolate,
  subscriptionAdjustmentBody,
  type AdminUser,
  type SubscriptionAdjustmentBody,
} from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { FormModal, useSaveCallbacks } from '../../components/form-modal';
import { useServerForm } from '../../components/use-server-form';
import { useAdjustSubscription } from '../../resources/admin/admin-users';
import { extendedFields, formatDateTimeWib, wibFields, wibIso } from './user-format';
import { USER_TEXT as T } from './user-strings';

/** 'Perpanjang 30 hari' adds this many days. */
const QUICK_DAYS = 30;

type Field = 'expiresAt' | 'reason';

export interface UserSubscriptionModalProps {
  opened: boolean;
  onClose: () => void;
  user: Pick<AdminUser, '_id' | 'name' | 'subscriptionExpiresAt'>;
}

/**
 * 'Ubah masa berlaku langganan': the new end as a date and a time in WIB (sent as an ISO time with
 * +07:00), 'Perpanjang 30 hari', the reason; then a confirmation before it is saved.
 */
export function UserSubscriptionModal({ opened, onClose, user }: UserSubscriptionModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={T.subscriptionTitle}
      size="md"
      resetOnOpen
      testId="user-subscription-modal"
    >
      <SubscriptionForm onClose={onClose} user={user} />
    </FormModal>
  );
}

function SubscriptionForm({
  onClose,
  user,
}: {
  onClose: () => void;
  user: UserSubscriptionModalProps['user'];
}) {
  const current = user.subscriptionExpiresAt;
  const [fields, setFields] = useState(() => (current ? wibFields(current) : { date: '', time: '23:59' }));
  const [reason, setReason] = useState('');
  // the checked body waiting for the operator's confirmation
  const [review, setReview] = useState<SubscriptionAdjustmentBody | null>(null);
  const form = useServerForm<Field>();
  const adjust = useAdjustSubscription();
  const saved = useSaveCallbacks(onClose, (error) => {
    setReview(null);
    form.fail(error);
  });

  const iso = wibIso(fields.date, fields.time);
  const past = !!iso && new Date(iso).getTime() < Date.now();

  const setField = (name: 'date' | 'time') => (value: string) => {
    form.clearError('expiresAt');
    setFields((f) => ({ ...f, [name]: value }));
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(subscriptionAdjustmentBody.safeParse({ expiresAt: iso, reason }), 'expiresAt');
    if (body) setReview(body);
  };

  if (review) {
    const date = formatDateTimeWib(review.expiresAt);
    return (
      <Stack gap="md" data-testid="user-subscription-review">
        <Text fw={650}>{T.confirmTitle}</Text>
        <Text size="sm">{interpolate(T.confirmBody, { name: user.name, date })}</Text>
        <Text size="sm" c="dimmed">
          {interpolate(T.confirmReason, { reason: review.reason })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setReview(null)} disabled={adjust.isPending}>
            {T.back}
          </Button>
          <Button
            onClick={() =>
              adjust.mutate({ id: user._id, body: review }, saved(interpolate(T.subscriptionSaved, { date })))
            }
            loading={adjust.isPending}
            data-autofocus
            data-testid="user-subscription-confirm"
          >
            {T.confirmSave}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={check} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed" data-testid="user-subscription-current">
          {current ? interpolate(T.currentEnd, { date: formatDateTimeWib(current) }) : T.currentNone}
        </Text>
        <FormAlert message={form.formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={T.dateLabel}
            required
            value={fields.date}
            onChange={(event) => setField('date')(event.currentTarget.value)}
            error={form.errors.expiresAt}
            data-autofocus
            data-testid="user-subscription-date"
          />
          <TextInput
            type="time"
            label={T.timeLabel}
            required
            value={fields.time}
            onChange={(event) => setField('time')(event.currentTarget.value)}
            data-testid="user-subscription-time"
          />
        </SimpleGrid>
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconCalendarPlus size={16} />}
            onClick={() => {
              form.clearError('expiresAt');
              setFields(extendedFields(current, QUICK_DAYS));
            }}
            data-testid="user-subscription-extend"
          >
            {T.extend30}
          </Button>
        </Group>
        {past ? (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm">{T.pastWarning}</Text>
          </Alert>
        ) : null}
        <Textarea
          label={T.reasonLabel}
          description={T.reasonDescription}
          placeholder={T.subscriptionReasonPlaceholder}
          required
          autosize
          minRows={2}
          maxLength={300}
          value={reason}
          onChange={(event) => {
            form.clearError('reason');
            setReason(event.currentTarget.value);
          }}
          error={form.errors.reason}
          data-testid="user-subscription-reason"
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          <Button type="submit" data-testid="user-subscription-submit">
            {T.review}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
