import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { sandboxInboundBody, t } from '@sapa/contracts';
import type { SandboxAccount } from './use-sandbox-accounts';
import type { SandboxCustomer } from './use-sandbox-conversation';

type Errors = Partial<Record<keyof SandboxCustomer, string>>;

/** Checks the customer with the API's own rules for /sandbox/inbound. */
export function checkCustomer(values: SandboxCustomer): { customer: SandboxCustomer | null; errors: Errors } {
  const shape = sandboxInboundBody.shape;
  const errors: Errors = {};
  if (!values.accountId) errors.accountId = t('validation.required');
  const name = shape.name.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  const phone = shape.phoneNumber.safeParse(values.phoneNumber);
  if (!phone.success) errors.phoneNumber = phone.error.issues[0]?.message;
  if (Object.keys(errors).length || !name.success || !phone.success) return { customer: null, errors };
  return { customer: { accountId: values.accountId, name: name.data, phoneNumber: phone.data }, errors };
}

/** Which sandbox number to write to, and who the customer is. */
export function SandboxSetup({
  accounts,
  initial,
  onStart,
}: {
  accounts: readonly SandboxAccount[];
  initial: SandboxCustomer;
  onStart: (customer: SandboxCustomer) => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof SandboxCustomer, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const owner = accounts.find((a) => a._id === values.accountId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkCustomer(values);
    setErrors(result.errors);
    if (result.customer) onStart(result.customer);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="sandbox-setup">
      <Stack gap="md">
        <NativeSelect
          label="Akun Sandbox"
          data={[
            {
              value: '',
              label: accounts.length ? 'Pilih akun sandbox' : 'Tidak ada akun sandbox',
              disabled: true,
            },
            ...accounts.map((a) => ({ value: a._id, label: a.label.name })),
          ]}
          description={owner ? `+${owner.label.phoneNumber} milik ${owner.ownerName}` : undefined}
          value={values.accountId}
          onChange={(event) => set('accountId', event.currentTarget.value)}
          error={errors.accountId}
        />
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
