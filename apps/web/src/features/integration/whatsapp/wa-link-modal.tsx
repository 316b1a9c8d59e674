import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  List,
  Loader,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import {
  WHATSAPP_MESSAGES as M,
  createWhatsappBody,
  linkBody,
  t,
  type Account,
  WEB_MESSAGES,
  formatPhone,
} from '@sapa/contracts';
import { FormModal, ModalForm } from '../../../components/form-modal';
import { useToast } from '../../../components/toast/use-toast';
import { useServerForm } from '../../../components/use-server-form';
import { errorMessage } from '../../../lib/api-error';
import {
  useCreateWhatsapp,
  useRelink,
  useWhatsappAccount,
  type LinkInput,
} from '../../../resources/account/account-queries';
import { WaCloudForm } from './wa-cloud-form';
import { QrView } from './wa-qr';
import { WA_TEXT, formatPairingCode } from './wa-strings';

export interface WaLinkModalProps {
  opened: boolean;
  /** an existing number to link again; null adds a new one */
  relink: Account | null;
  onClose: () => void;
}

/**
 * 'Tambah Nomor' and 'Tautkan ulang': the name (new numbers only) and how to link, then in the same
 * dialog the QR code or pairing code as WhatsApp sends them (realtime, with a 2 s poll as fallback),
 * the failure with 'Coba lagi', and the success.
 */
export function WaLinkModal({ opened, relink, onClose }: WaLinkModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={relink ? WA_TEXT.relinkTitle : WA_TEXT.addTitle}
      testId="wa-link-modal"
      resetOnOpen
    >
      <LinkFlow relink={relink} onClose={onClose} />
    </FormModal>
  );
}

type Way = 'web' | 'cloud';

function LinkFlow({ relink, onClose }: { relink: Account | null; onClose: () => void }) {
  const [linking, setLinking] = useState<{ id: string; input: LinkInput } | null>(null);
  const [way, setWay] = useState<Way>('web');
  if (linking) return <LinkingView id={linking.id} input={linking.input} onClose={onClose} />;
  const form = (
    <LinkForm relink={relink} onStarted={(id, input) => setLinking({ id, input })} onClose={onClose} />
  );
  // linking an existing WhatsApp Web number again: no choice to make
  if (relink) return form;
  return (
    <Stack gap="md">
      <WayPicker value={way} onChange={setWay} />
      {way === 'cloud' ? <WaCloudForm relink={null} onDone={onClose} /> : form}
    </Stack>
  );
}

const WAYS: { value: Way; label: string; hint: string }[] = [
  { value: 'web', label: WA_TEXT.wayWeb, hint: WA_TEXT.wayWebHint },
  { value: 'cloud', label: WA_TEXT.wayCloud, hint: WA_TEXT.wayCloudHint },
];

/** A new number: WhatsApp Web (QR or pairing code) or the official Cloud API (issue 25). */
function WayPicker({ value, onChange }: { value: Way; onChange: (way: Way) => void }) {
  return (
    <Radio.Group
      value={value}
      onChange={(v) => onChange(v === 'cloud' ? 'cloud' : 'web')}
      label={WA_TEXT.wayLabel}
      name="wa-link-way"
    >
      <Stack gap="xs" mt={6} data-testid="wa-link-way">
        {WAYS.map((way) => (
          <Radio.Card
            key={way.value}
            value={way.value}
            radius="md"
            p="sm"
            data-testid={`wa-way-${way.value}`}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <div>
                <Text size="sm" fw={600}>
                  {way.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {way.hint}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

type Fields = 'labelName' | 'method' | 'phoneNumber';

function LinkForm({
  relink,
  onStarted,
  onClose,
}: {
  relink: Account | null;
  onStarted: (id: string, input: LinkInput) => void;
  onClose: () => void;
}) {
  const create = useCreateWhatsapp();
  const relinkMutation = useRelink();
  const pending = create.isPending || relinkMutation.isPending;
  const [labelName, setLabelName] = useState('');
  const [method, setMethod] = useState<'qr' | 'code'>('qr');
  const [phone, setPhone] = useState(relink?.label.phoneNumber ?? '');
  const { errors, formError, check, clearError, fail } = useServerForm<Fields>();

  const submit = () => {
    const input = { method, ...(method === 'code' ? { phoneNumber: phone } : {}) };
    const parsed = check(
      relink ? linkBody.safeParse(input) : createWhatsappBody.safeParse({ labelName, ...input }),
      'labelName',
    );
    if (!parsed) return;
    const body: LinkInput = {
      method,
      ...(parsed.phoneNumber ? { phoneNumber: parsed.phoneNumber } : {}),
    };
    if (relink) {
      relinkMutation.mutate(
        { id: relink.id, ...body },
        { onSuccess: (a) => onStarted(a.id, body), onError: fail },
      );
    } else {
      create.mutate(
        { labelName: labelName.trim(), ...body },
        { onSuccess: (a) => onStarted(a.id, body), onError: fail },
      );
    }
  };

  return (
    <ModalForm
      onSubmit={submit}
      pending={pending}
      formError={formError}
      onCancel={onClose}
      submitLabel={WA_TEXT.continue}
      submitTestId="wa-link-submit"
    >
      {relink ? (
        <Text size="sm">
          <b>{relink.label.name}</b>
          {relink.label.phoneNumber ? ` · ${formatPhone(relink.label.phoneNumber)}` : ''}
        </Text>
      ) : (
        <TextInput
          label={WA_TEXT.nameLabel}
          placeholder={WA_TEXT.namePlaceholder}
          value={labelName}
          onChange={(e) => {
            setLabelName(e.currentTarget.value);
            clearError('labelName');
          }}
          error={errors.labelName}
          data-autofocus
          autoComplete="off"
          data-testid="wa-link-name"
        />
      )}
      <Stack gap={6}>
        <Text size="sm" fw={500} id="wa-link-method-label">
          Cara menautkan
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="wa-link-method-label"
          value={method}
          onChange={(v) => setMethod(v === 'code' ? 'code' : 'qr')}
          data={[
            { value: 'qr', label: WA_TEXT.methodQr },
            { value: 'code', label: WA_TEXT.methodCode },
          ]}
          data-testid="wa-link-method"
        />
        {errors.method ? (
          <Text size="xs" c="red">
            {errors.method}
          </Text>
        ) : null}
      </Stack>
      {method === 'code' ? (
        <TextInput
          label={WA_TEXT.phoneLabel}
          placeholder={WA_TEXT.phonePlaceholder}
          description={WA_TEXT.phoneHint}
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => {
            setPhone(e.currentTarget.value);
            clearError('phoneNumber');
          }}
          error={errors.phoneNumber}
          data-testid="wa-link-phone"
        />
      ) : null}
    </ModalForm>
  );
}

/** Seconds left until `iso`, ticking every second (null without a time). */
function useSecondsLeft(iso: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso) return null;
  const at = new Date(iso).getTime();
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const FAILED = new Set(['disconnected', 'logged_out', 'replaced']);

function LinkingView({ id, input, onClose }: { id: string; input: LinkInput; onClose: () => void }) {
  const toast = useToast();
  const query = useWhatsappAccount(id, true);
  const relink = useRelink();
  const account = query.data;
  const status = account?.status ?? 'connecting';
  const linking = account?.linking ?? null;

  // once linked: say so, then close by itself
  const connected = status === 'connected';
  useEffect(() => {
    if (!connected) return;
    toast.show({ title: t('common.success'), message: WA_TEXT.linked, type: 'success' });
    const timer = setTimeout(onClose, 2500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per success
  }, [connected]);

  const retry = () => {
    if (relink.isPending) return;
    relink.mutate(
      { id, ...input },
      {
        onError: (error) =>
          toast.show({
            title: t('common.failed'),
            message: errorMessage(error, WEB_MESSAGES.unexpectedError),
            type: 'error',
          }),
      },
    );
  };

  if (connected && account) {
    return (
      <Stack align="center" gap="sm" py="md" data-testid="wa-link-success" aria-live="polite">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Text fw={650}>{WA_TEXT.linked}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {account.label.name}
          {account.label.phoneNumber ? ` · ${formatPhone(account.label.phoneNumber)}` : ''}
        </Text>
        <Button onClick={onClose} mt="xs">
          {WA_TEXT.done}
        </Button>
      </Stack>
    );
  }

  if (FAILED.has(status)) {
    return (
      <Stack gap="md" aria-live="polite">
        <Alert
          color={status === 'logged_out' ? 'red' : 'orange'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={WA_TEXT.linkFailed}
          data-testid="wa-link-error"
        >
          {account?.statusReason ?? M.unreachable}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {WA_TEXT.close}
          </Button>
          <Button onClick={retry} loading={relink.isPending} data-testid="wa-retry">
            {WA_TEXT.retry}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (linking?.code) {
    return (
      <Stack gap="md" aria-live="polite">
        <Box ta="center" py="sm">
          <Text
            component="div"
            ff="monospace"
            fz={{ base: 30, sm: 38 }}
            fw={700}
            style={{ letterSpacing: '0.12em' }}
            data-testid="wa-pairing-code"
          >
            {formatPairingCode(linking.code)}
          </Text>
          {account?.label.phoneNumber ? (
            <Text size="sm" c="dimmed">
              {formatPhone(account.label.phoneNumber)}
            </Text>
          ) : null}
        </Box>
        <Steps steps={WA_TEXT.codeSteps} />
      </Stack>
    );
  }

  if (linking?.qr) {
    return (
      <Stack gap="md" aria-live="polite">
        <Center>
          <QrView payload={linking.qr} />
        </Center>
        <QrCountdown key={linking.expiresAt ?? ''} expiresAt={linking.expiresAt} />
        <Steps steps={WA_TEXT.qrSteps} />
      </Stack>
    );
  }

  return (
    <Stack align="center" gap="sm" py="xl" data-testid="wa-link-connecting" aria-live="polite">
      <Loader />
      <Text size="sm">{WA_TEXT.connecting}</Text>
    </Stack>
  );
}

/** 'Kode berganti dalam 15 detik' (mounted afresh for each QR, so it counts from now). */
function QrCountdown({ expiresAt }: { expiresAt: string | null }) {
  const secondsLeft = useSecondsLeft(expiresAt);
  return (
    <Text size="sm" c="dimmed" ta="center" data-testid="wa-qr-countdown">
      {secondsLeft ? WA_TEXT.qrCountdown(secondsLeft) : WA_TEXT.qrRefreshing}
    </Text>
  );
}

function Steps({ steps }: { steps: readonly string[] }) {
  return (
    <List type="ordered" size="sm" spacing={4}>
      {steps.map((step) => (
        <List.Item key={step}>{step}</List.Item>
      ))}
    </List>
  );
}
