import { useState, type ChangeEvent } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  List,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBrandFacebook, IconInfoCircle } from '@tabler/icons-react';
import {
  INTEGRATION_MESSAGES as M,
  createWhatsappCloudBody,
  formatPhone,
  type Account,
} from '@sapa/contracts';
import { FormModal, ModalForm, useSaveCallbacks } from '../../../components/form-modal';
import { useServerForm } from '../../../components/use-server-form';
import {
  metaProblem,
  useCreateWhatsappCloud,
  useMetaInfo,
} from '../../../resources/integration/integration-queries';
import { META_TEXT } from '../meta/meta-strings';
import { useMetaConnect } from '../meta/use-meta-connect';
import { WA_TEXT } from './wa-strings';

type Fields = 'labelName' | 'phoneNumberId' | 'wabaId' | 'token';

export interface WaCloudFormProps {
  /** a Cloud API number whose token is refreshed ('Hubungkan ulang'); null adds a new number */
  relink: Account | null;
  onDone: () => void;
}

/**
 * A number on the official WhatsApp Cloud API (issue 25): its name, Phone Number ID, WhatsApp
 * Business Account ID and an access token, checked with the contract's schema and posted to
 * /account/whatsapp-cloud (the same number again refreshes its token). Where the operator set up
 * Embedded Signup, new numbers can instead be picked in Facebook's own dialog.
 */
export function WaCloudForm({ relink, onDone }: WaCloudFormProps) {
  const info = useMetaInfo();
  const problem = metaProblem(info.data);
  if (info.isPending) {
    return (
      <Stack gap="md" data-testid="wa-cloud-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (problem) {
    return (
      <Stack gap="md">
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title={META_TEXT.notConfiguredTitle}
          data-testid="wa-cloud-not-configured"
        >
          {problem}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {WA_TEXT.close}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <CloudForm relink={relink} onDone={onDone} embeddedSignup={!relink && !!info.data?.embeddedSignup} />
  );
}

function CloudForm({ relink, onDone, embeddedSignup }: WaCloudFormProps & { embeddedSignup: boolean }) {
  const create = useCreateWhatsappCloud();
  const { connect, busy } = useMetaConnect();
  const [labelName, setLabelName] = useState(relink?.label.name ?? '');
  const [phoneNumberId, setPhoneNumberId] = useState(relink?.channel?.externalId ?? '');
  const [wabaId, setWabaId] = useState(relink?.channel?.parentId ?? '');
  const [token, setToken] = useState('');
  const { errors, formError, check, clearError, fail } = useServerForm<Fields>();
  const saved = useSaveCallbacks(onDone, fail);
  // the number's id is known when linking it again; typed in only if the card lacks it
  const knownId = !!relink?.channel?.externalId;

  const submit = () => {
    const parsed = check(
      createWhatsappCloudBody.safeParse({ labelName, phoneNumberId, wabaId, token }),
      'token',
    );
    if (!parsed) return;
    create.mutate(parsed, saved(M.cloudConnected));
  };

  const field = (name: Fields, set: (value: string) => void) => ({
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      set(event.currentTarget.value);
      clearError(name);
    },
    error: errors[name],
  });

  return (
    <ModalForm
      onSubmit={submit}
      pending={create.isPending}
      formError={formError}
      onCancel={onDone}
      submitLabel={relink ? M.reconnect : M.connect}
      submitTestId="wa-cloud-submit"
      data-testid="wa-cloud-form"
      header={
        <>
          {relink ? (
            <Text size="sm">
              <b>{relink.label.name}</b>
              {relink.label.phoneNumber ? ` · ${formatPhone(relink.label.phoneNumber)}` : ''}
            </Text>
          ) : null}
          {embeddedSignup ? (
            <Stack gap={6}>
              <Button
                variant="default"
                leftSection={<IconBrandFacebook size={16} />}
                loading={busy === 'embedded'}
                onClick={() => connect('whatsapp-cloud', 'embedded')}
                data-testid="wa-cloud-embedded"
              >
                {WA_TEXT.cloudEmbedded}
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                {WA_TEXT.cloudEmbeddedHint}
              </Text>
              <Divider label={WA_TEXT.cloudManual} labelPosition="center" mt={4} />
            </Stack>
          ) : null}
        </>
      }
    >
      {relink ? null : (
        <TextInput
          label={WA_TEXT.nameLabel}
          placeholder={WA_TEXT.namePlaceholder}
          value={labelName}
          {...field('labelName', setLabelName)}
          data-autofocus
          autoComplete="off"
          data-testid="wa-cloud-name"
        />
      )}
      {knownId ? (
        <TextInput
          label={WA_TEXT.cloudPhoneNumberId}
          value={phoneNumberId}
          readOnly
          variant="filled"
          error={errors.phoneNumberId}
          data-testid="wa-cloud-phone-number-id"
        />
      ) : (
        <TextInput
          label={WA_TEXT.cloudPhoneNumberId}
          placeholder="Contoh: 106540352242922"
          inputMode="numeric"
          autoComplete="off"
          value={phoneNumberId}
          {...field('phoneNumberId', setPhoneNumberId)}
          data-testid="wa-cloud-phone-number-id"
        />
      )}
      <TextInput
        label={WA_TEXT.cloudWabaId}
        placeholder="Contoh: 102290129340398"
        description={relink ? WA_TEXT.cloudRelinkWabaHint : undefined}
        inputMode="numeric"
        autoComplete="off"
        value={wabaId}
        {...field('wabaId', setWabaId)}
        data-autofocus={relink ? true : undefined}
        data-testid="wa-cloud-waba-id"
      />
      <PasswordInput
        label={WA_TEXT.cloudToken}
        description={WA_TEXT.cloudTokenHint}
        autoComplete="off"
        spellCheck={false}
        value={token}
        {...field('token', setToken)}
        data-testid="wa-cloud-token"
      />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {WA_TEXT.cloudHelpTitle}
        </Text>
        <List size="xs" spacing={4} c="dimmed">
          {WA_TEXT.cloudHelp.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Stack>
    </ModalForm>
  );
}

/** 'Hubungkan ulang' of a Cloud API number: the token form with the number's ids. `account` null closes it. */
export function WaCloudRelinkModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  // keeps showing the last account while the modal animates closed
  const [shown, setShown] = useState(account);
  if (account && account !== shown) setShown(account);
  return (
    <FormModal
      opened={!!account}
      onClose={onClose}
      title={WA_TEXT.cloudRelinkTitle}
      testId="wa-cloud-relink-modal"
      resetOnOpen
    >
      {shown ? <WaCloudForm relink={shown} onDone={onClose} /> : null}
    </FormModal>
  );
}
