import { useState } from 'react';
import { Badge, Box, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import {
  createOperatorBody,
  formatDateJakarta,
  interpolate,
  t,
  WEB_MESSAGES,
  type Operator,
} from '@sapa/contracts';
import { FormModal, ModalForm, useSaveCallbacks } from '../../components/form-modal';
import { useToast } from '../../components/toast/use-toast';
import { useServerForm } from '../../components/use-server-form';
import { errorMessage } from '../../lib/api-error';
import { useSession } from '../../lib/use-session';
import { useCreateOperator, useOperators, useSetOperatorEnabled } from '../../resources/admin/admin-settings';
import { SettingPending, SettingSection } from './setting-section';
import { SETTING_TEXT } from './setting-strings';
import { TxConfirmDialog } from './tx-confirm-dialog';

/**
 * 'Operator': every operator with their state, 'Tambah operator', and disabling or enabling one after
 * confirming (never oneself: the signed-in operator has no such button).
 */
export function SettingOperatorSection() {
  const query = useOperators();
  const myId = useSession()?.admin?._id;
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<Operator | null>(null);
  if (!query.data) return <SettingPending failed={query.isError} onRetry={() => void query.refetch()} />;
  return (
    <SettingSection
      title={SETTING_TEXT.operators}
      description={SETTING_TEXT.operatorsDescription}
      actions={
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
          data-testid="operator-add"
        >
          {SETTING_TEXT.operatorAdd}
        </Button>
      }
      testId="setting-operators"
    >
      <Stack
        gap={0}
        component="ul"
        p={0}
        m={0}
        aria-label={SETTING_TEXT.operatorListLabel}
        style={{ listStyle: 'none' }}
      >
        {query.data.docs.map((op) => (
          <Box
            component="li"
            key={op._id}
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="operator-row"
            data-id={op._id}
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {op.name}
                  </Text>
                  <Badge
                    size="sm"
                    variant="light"
                    color={op.disabledAt ? 'gray' : 'green'}
                    radius="sm"
                    tt="none"
                    data-testid="operator-state"
                  >
                    {op.disabledAt ? SETTING_TEXT.operatorDisabled : SETTING_TEXT.operatorActive}
                  </Badge>
                  {op._id === myId ? (
                    <Badge size="sm" variant="outline" radius="sm" tt="none">
                      {SETTING_TEXT.operatorYou}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  @{op.username} ·{' '}
                  {op.disabledAt
                    ? interpolate(SETTING_TEXT.operatorDisabledSince, {
                        date: formatDateJakarta(op.disabledAt),
                      })
                    : interpolate(SETTING_TEXT.operatorSince, { date: formatDateJakarta(op.createdAt) })}
                </Text>
              </Stack>
              {op._id === myId ? null : (
                <Button
                  size="xs"
                  variant={op.disabledAt ? 'light' : 'default'}
                  color={op.disabledAt ? undefined : 'red'}
                  onClick={() => setToggling(op)}
                  aria-label={interpolate(SETTING_TEXT.operatorActions, {
                    action: op.disabledAt ? SETTING_TEXT.enable : SETTING_TEXT.disable,
                    name: op.name,
                  })}
                  data-testid="operator-toggle"
                >
                  {op.disabledAt ? SETTING_TEXT.enable : SETTING_TEXT.disable}
                </Button>
              )}
            </Group>
          </Box>
        ))}
      </Stack>
      <ToggleDialog operator={toggling} onClose={() => setToggling(null)} />
      <FormModal
        opened={adding}
        onClose={() => setAdding(false)}
        title={SETTING_TEXT.operatorAdd}
        resetOnOpen
        testId="operator-modal"
      >
        <OperatorForm onClose={() => setAdding(false)} />
      </FormModal>
    </SettingSection>
  );
}

function ToggleDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const toast = useToast();
  const toggle = useSetOperatorEnabled();
  // the operator stays in the dialog while it closes
  const [shown, setShown] = useState(operator);
  if (operator && operator !== shown) setShown(operator);
  const enable = !!shown?.disabledAt;
  const names = { name: shown?.name ?? '', username: shown?.username ?? '' };
  return (
    <TxConfirmDialog
      opened={!!operator}
      title={enable ? SETTING_TEXT.enableTitle : SETTING_TEXT.disableTitle}
      confirmLabel={enable ? SETTING_TEXT.enable : SETTING_TEXT.disable}
      color={enable ? undefined : 'red'}
      pending={toggle.isPending}
      onConfirm={() =>
        shown &&
        toggle.mutate(
          { id: shown._id, enabled: enable },
          {
            onSuccess: () => {
              onClose();
              toast.show({
                title: t('common.success'),
                message: enable ? SETTING_TEXT.enabled : SETTING_TEXT.disabled,
                type: 'success',
              });
            },
            onError: (failure) => {
              onClose();
              toast.show({
                title: t('common.failed'),
                message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
                type: 'error',
              });
            },
          },
        )
      }
      onClose={onClose}
      testId="operator-toggle-dialog"
    >
      <Text size="sm">{interpolate(enable ? SETTING_TEXT.enableBody : SETTING_TEXT.disableBody, names)}</Text>
    </TxConfirmDialog>
  );
}

type Field = 'name' | 'username' | 'password';

function OperatorForm({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ name: '', username: '', password: '' });
  const form = useServerForm<Field>();
  const create = useCreateOperator();
  const saved = useSaveCallbacks(onClose, form.fail);
  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    form.clearError(field);
    setValues((v) => ({ ...v, [field]: value }));
  };
  const submit = () => {
    const body = form.check(createOperatorBody.safeParse(values));
    if (body) create.mutate(body, saved(SETTING_TEXT.operatorCreated));
  };
  return (
    <ModalForm
      onSubmit={submit}
      pending={create.isPending}
      formError={form.formError}
      onCancel={onClose}
      submitTestId="operator-submit"
    >
      <TextInput
        label={SETTING_TEXT.name}
        value={values.name}
        onChange={set('name')}
        error={form.errors.name}
        autoComplete="off"
        data-autofocus
        data-testid="operator-name"
      />
      <TextInput
        label={SETTING_TEXT.username}
        value={values.username}
        onChange={set('username')}
        error={form.errors.username}
        autoComplete="off"
        spellCheck={false}
        data-testid="operator-username"
      />
      <PasswordInput
        label={SETTING_TEXT.operatorPassword}
        description={SETTING_TEXT.operatorPasswordHint}
        value={values.password}
        onChange={set('password')}
        error={form.errors.password}
        autoComplete="new-password"
        data-testid="operator-password"
      />
    </ModalForm>
  );
}
