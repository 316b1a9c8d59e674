import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBrandInstagram, IconBrandMessenger } from '@tabler/icons-react';
import { LIMITS, t, type AccountType, WEB_MESSAGES } from '@sapa/contracts';
import { z } from 'zod';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { ChannelIcon } from '../../components/channel-icon';
import type { SandboxAccount } from './use-sandbox-accounts';
import type { SandboxCustomer } from './use-sandbox-conversation';

type Errors = Partial<Record<keyof SandboxCustomer, string>>;

export const CHANNEL_NAMES: Record<AccountType, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
};

const phoneMessage = t('validation.phone');

/** The customer's name and number by the rules of POST /api/sandbox/inbound. */
const customerSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, t('validation.required'))
    .max(100, t('validation.maxLength', { max: 100 })),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\d+$/, phoneMessage)
    .min(LIMITS.phoneMinLength, phoneMessage)
    .max(LIMITS.phoneMaxLength, phoneMessage)
    .refine((v) => !v.startsWith('0'), phoneMessage),
});

/** Checks the customer with the API's own rules for /sandbox/inbound. */
export function checkCustomer(values: SandboxCustomer): { customer: SandboxCustomer | null; errors: Errors } {
  const errors: Errors = {};
  if (!values.accountId) errors.accountId = t('validation.required');
  const parsed = customerSchema.safeParse({ name: values.name, phoneNumber: values.phoneNumber });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'name' ? 'name' : 'phoneNumber';
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { customer: null, errors };
  return { customer: { accountId: values.accountId, ...parsed.data }, errors };
}

/** The account's line under the picker: its number (WhatsApp) or channel, and whose it is. */
function accountLine(account: SandboxAccount): string {
  const where =
    account.type === 'whatsapp' && account.label.phoneNumber
      ? `+${account.label.phoneNumber}`
      : CHANNEL_NAMES[account.type];
  return `${where} milik ${account.ownerName}`;
}

/** The accounts grouped by owner, each named with its channel. */
function accountOptions(accounts: readonly SandboxAccount[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const a of accounts) {
    const items = groups.get(a.ownerName) ?? [];
    items.push({ value: a._id, label: `${a.label.name} (${CHANNEL_NAMES[a.type]})` });
    groups.set(a.ownerName, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

const ADDABLE = [
  {
    type: 'instagram',
    label: 'Tambah Sandbox Instagram',
    Icon: IconBrandInstagram,
    testId: 'sandbox-add-instagram',
  },
  {
    type: 'messenger',
    label: 'Tambah Sandbox Messenger',
    Icon: IconBrandMessenger,
    testId: 'sandbox-add-messenger',
  },
] as const;

/**
 * Which sandbox account to write to (and more channels for its owner), and who the customer is. A
 * WhatsApp sandbox number has the switch 'Batasi nomor (463)': while on, WhatsApp refuses its sends
 * as it does a restricted number's, so the broadcasts' automatic pause can be seen.
 */
export function SandboxSetup({
  accounts,
  initial,
  onStart,
  onAddChannel,
  onRestrict,
}: {
  accounts: readonly SandboxAccount[];
  initial: SandboxCustomer;
  onStart: (customer: SandboxCustomer) => void;
  /** The same owner's sandbox account on another channel (created once). */
  onAddChannel: (base: SandboxAccount, type: AccountType) => Promise<SandboxAccount>;
  /** Flips the account's 'Batasi nomor (463)' switch; throws when refused. */
  onRestrict?: (account: SandboxAccount, restricted: boolean) => Promise<void>;
}) {
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [adding, setAdding] = useState<AccountType | null>(null);
  const [restricting, setRestricting] = useState(false);
  const set = (name: keyof SandboxCustomer, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const chosen = accounts.find((a) => a._id === values.accountId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkCustomer(values);
    setErrors(result.errors);
    if (result.customer) onStart(result.customer);
  };
  const add = async (type: AccountType) => {
    if (!chosen || adding) return;
    setAdding(type);
    try {
      const account = await onAddChannel(chosen, type);
      const next = { ...values, accountId: account._id };
      setValues(next);
      // the phone switches to it at once when the customer is filled in
      const result = checkCustomer(next);
      setErrors(result.errors);
      if (result.customer) onStart(result.customer);
      toast.show({
        title: t('common.success'),
        message: `${account.label.name} siap dipakai`,
        type: 'success',
      });
    } catch (error) {
      toast.show({
        title: t('common.failed'),
        message: errorMessage(error, WEB_MESSAGES.unexpectedError),
        type: 'error',
      });
    } finally {
      setAdding(null);
    }
  };

  const restrict = async (restricted: boolean) => {
    if (!chosen || !onRestrict || restricting) return;
    setRestricting(true);
    try {
      await onRestrict(chosen, restricted);
      toast.show({
        title: t('common.success'),
        message: restricted
          ? 'Nomor dibatasi: pesan berikutnya dari nomor ini akan ditolak dengan kode 463'
          : 'Pembatasan dicabut: nomor ini bisa mengirim pesan lagi',
        type: 'success',
      });
    } catch (error) {
      toast.show({
        title: t('common.failed'),
        message: errorMessage(error, WEB_MESSAGES.unexpectedError),
        type: 'error',
      });
    } finally {
      setRestricting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="sandbox-setup">
      <Stack gap="md">
        <div>
          <NativeSelect
            label="Akun Sandbox"
            data={[
              {
                value: '',
                label: accounts.length ? 'Pilih akun sandbox' : 'Tidak ada akun sandbox',
                disabled: true,
              },
              ...accountOptions(accounts),
            ]}
            leftSection={chosen ? <ChannelIcon type={chosen.type} size={18} /> : undefined}
            description={chosen ? accountLine(chosen) : undefined}
            value={values.accountId}
            onChange={(event) => set('accountId', event.currentTarget.value)}
            error={errors.accountId}
            data-testid="sandbox-account"
            data-channel={chosen?.type}
          />
          <Text size="xs" c="dimmed" mt={8}>
            Coba aturan kanal lain dengan akun sandbox milik pemilik yang sama:
          </Text>
          <Group gap={6} mt={6}>
            {ADDABLE.map(({ type, label, Icon, testId }) => (
              <Button
                key={type}
                variant="light"
                color="gray"
                size="compact-sm"
                leftSection={<Icon size={16} stroke={1.8} />}
                disabled={!chosen || (adding !== null && adding !== type)}
                loading={adding === type}
                onClick={() => void add(type)}
                data-testid={testId}
              >
                {label}
              </Button>
            ))}
          </Group>
          {chosen?.type === 'whatsapp' && onRestrict ? (
            <Switch
              mt="md"
              label="Batasi nomor (463)"
              description="Pesan yang dikirim dari nomor ini ditolak seperti pada nomor yang sedang dibatasi WhatsApp, sehingga broadcast-nya dijeda otomatis."
              checked={chosen.restricted}
              disabled={restricting}
              onChange={(event) => void restrict(event.currentTarget.checked)}
              data-testid="sandbox-restricted"
            />
          ) : null}
        </div>
        <TextInput
          label="Nama Pelanggan"
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
          autoComplete="off"
        />
        <TextInput
          label="Nomor Pelanggan"
          description="Dengan kode negara, contoh 6281234567890"
          inputMode="numeric"
          value={values.phoneNumber}
          onChange={(event) => set('phoneNumber', event.currentTarget.value)}
          error={errors.phoneNumber}
          autoComplete="off"
        />
        <Button type="submit">Mulai Simulasi</Button>
      </Stack>
    </form>
  );
}
