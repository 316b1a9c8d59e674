import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  interpolate,
  paymentSettingsBody,
  t,
  type BankAccount,
  type PaymentSettingsView,
} from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { usePaymentSettings, useSavePaymentSettings } from '../../resources/admin/admin-settings';
import { newRowId } from './setting-billing-values';
import { useSettingForm } from './setting-form';
import { SettingGroup, SettingPending, SettingSection } from './setting-section';
import { SETTING_TEXT } from './setting-strings';

const MAX_BANKS = 5;

type BankRow = BankAccount & { rowId: string };

interface PaymentValues {
  banks: BankRow[];
  midtransOn: boolean;
  clientKey: string;
  /** a new server key; empty keeps the stored one */
  serverKey: string;
  production: boolean;
}

function valuesOf(view: PaymentSettingsView): PaymentValues {
  return {
    banks: view.bankAccounts.map((b) => ({ ...b, rowId: newRowId() })),
    midtransOn: !!view.midtrans,
    clientKey: view.midtrans?.clientKey ?? '',
    serverKey: '',
    production: view.midtrans?.production ?? false,
  };
}

/** The PUT /admin/payment body: Midtrans off is null; an unchanged server key is left out. */
function bodyOf(values: PaymentValues) {
  const serverKey = values.serverKey.trim();
  return {
    bankAccounts: values.banks.map(({ rowId: _rowId, ...bank }) => bank),
    midtrans: values.midtransOn
      ? { clientKey: values.clientKey, production: values.production, ...(serverKey ? { serverKey } : {}) }
      : null,
  };
}

/** The body's schema; Midtrans turned on for the first time needs its server key (as the server says). */
const paymentFormOf = (serverKeySet: boolean) =>
  paymentSettingsBody.refine((b) => !b.midtrans || !!b.midtrans.serverKey || serverKeySet, {
    message: t('validation.required'),
    path: ['midtrans', 'serverKey'],
  });

/** 'Pembayaran': the bank accounts transfers go to, and Midtrans' keys (GET/PUT /admin/payment). */
export function SettingPaymentSection() {
  const query = usePaymentSettings();
  if (!query.data) return <SettingPending failed={query.isError} onRetry={() => void query.refetch()} />;
  return <PaymentForm view={query.data} />;
}

function PaymentForm({ view }: { view: PaymentSettingsView }) {
  const toast = useToast();
  const save = useSavePaymentSettings();
  const form = useSettingForm(() => valuesOf(view));
  const { values, errors } = form;
  const serverKeySet = !!view.midtrans?.serverKeySet;

  const setBank = (index: number, field: keyof BankAccount) => (value: string) =>
    form.change(
      (v) => ({ ...v, banks: v.banks.map((b, i) => (i === index ? { ...b, [field]: value } : b)) }),
      `bankAccounts.${index}.${field}`,
    );
  const removeBank = (index: number) => {
    form.clearUnder('bankAccounts');
    form.change((v) => ({ ...v, banks: v.banks.filter((_, i) => i !== index) }));
  };
  const addBank = () =>
    form.change((v) => ({
      ...v,
      banks: [...v.banks, { rowId: newRowId(), bankName: '', accountNumber: '', accountHolder: '' }],
    }));
  const set =
    <K extends 'midtransOn' | 'clientKey' | 'serverKey' | 'production'>(field: K, path?: string) =>
    (value: PaymentValues[K]) =>
      form.change((v) => ({ ...v, [field]: value }), path);

  const submit = () => {
    const body = form.check(paymentFormOf(serverKeySet), bodyOf(values));
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.show({ title: t('common.success'), message: SETTING_TEXT.saved, type: 'success' });
      },
      onError: (error) => form.fail(error),
    });
  };

  return (
    <SettingSection
      title={SETTING_TEXT.payment}
      description={SETTING_TEXT.paymentDescription}
      onSubmit={submit}
      pending={save.isPending}
      formError={form.formError}
      testId="setting-payment"
    >
      <SettingGroup title={SETTING_TEXT.banksHeading} hint={SETTING_TEXT.banksHint}>
        {values.banks.length ? null : (
          <Text size="sm" c="dimmed" data-testid="banks-empty">
            {SETTING_TEXT.banksEmpty}
          </Text>
        )}
        {values.banks.map((bank, index) => {
          const n = index + 1;
          return (
            <Paper key={bank.rowId} withBorder radius="md" p="md" data-testid="bank-row">
              <Group justify="space-between" mb="sm" wrap="nowrap">
                <Text fw={650} size="sm">
                  {interpolate(SETTING_TEXT.bankTitle, { n })}
                </Text>
                <Tooltip label={SETTING_TEXT.remove}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={36}
                    onClick={() => removeBank(index)}
                    aria-label={interpolate(SETTING_TEXT.bankRemove, { n })}
                    data-testid="bank-remove"
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label={SETTING_TEXT.bankName}
                  placeholder={SETTING_TEXT.bankNamePlaceholder}
                  value={bank.bankName}
                  onChange={(e) => setBank(index, 'bankName')(e.currentTarget.value)}
                  error={errors[`bankAccounts.${index}.bankName`]}
                  data-testid="bank-name"
                />
                <TextInput
                  label={SETTING_TEXT.accountNumber}
                  inputMode="numeric"
                  value={bank.accountNumber}
                  onChange={(e) => setBank(index, 'accountNumber')(e.currentTarget.value)}
                  error={errors[`bankAccounts.${index}.accountNumber`]}
                  data-testid="bank-account"
                />
                <TextInput
                  label={SETTING_TEXT.accountHolder}
                  value={bank.accountHolder}
                  onChange={(e) => setBank(index, 'accountHolder')(e.currentTarget.value)}
                  error={errors[`bankAccounts.${index}.accountHolder`]}
                  data-testid="bank-holder"
                />
              </SimpleGrid>
            </Paper>
          );
        })}
        {errors.bankAccounts ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {errors.bankAccounts}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addBank}
            disabled={values.banks.length >= MAX_BANKS}
            data-testid="bank-add"
          >
            {SETTING_TEXT.bankAdd}
          </Button>
        </Group>
      </SettingGroup>

      <SettingGroup title={SETTING_TEXT.midtransHeading}>
        <Switch
          label={SETTING_TEXT.midtransEnabled}
          description={SETTING_TEXT.midtransEnabledHint}
          checked={values.midtransOn}
          onChange={(e) => set('midtransOn')(e.currentTarget.checked)}
          size="md"
          data-testid="midtrans-on"
        />
        {values.midtransOn ? (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={SETTING_TEXT.clientKey}
                value={values.clientKey}
                onChange={(e) => set('clientKey', 'midtrans.clientKey')(e.currentTarget.value)}
                error={errors['midtrans.clientKey']}
                autoComplete="off"
                spellCheck={false}
                data-testid="midtrans-client-key"
              />
              <PasswordInput
                label={
                  <Group gap={6} component="span" wrap="nowrap">
                    {SETTING_TEXT.serverKey}
                    <Badge
                      component="span"
                      size="sm"
                      variant="light"
                      color={serverKeySet ? 'green' : 'gray'}
                      radius="sm"
                      tt="none"
                      data-testid="midtrans-server-key-state"
                    >
                      {serverKeySet ? SETTING_TEXT.serverKeySet : SETTING_TEXT.serverKeyUnset}
                    </Badge>
                  </Group>
                }
                description={SETTING_TEXT.serverKeyHint}
                placeholder={SETTING_TEXT.serverKeyPlaceholder}
                value={values.serverKey}
                onChange={(e) => set('serverKey', 'midtrans.serverKey')(e.currentTarget.value)}
                error={errors['midtrans.serverKey']}
                autoComplete="new-password"
                inputWrapperOrder={['label', 'input', 'error', 'description']}
                data-testid="midtrans-server-key"
              />
            </SimpleGrid>
            <Switch
              label={SETTING_TEXT.production}
              description={SETTING_TEXT.productionHint}
              checked={values.production}
              onChange={(e) => set('production')(e.currentTarget.checked)}
              size="md"
              data-testid="midtrans-production"
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="midtrans-off">
            {SETTING_TEXT.midtransOff}
          </Text>
        )}
      </SettingGroup>
    </SettingSection>
  );
}
