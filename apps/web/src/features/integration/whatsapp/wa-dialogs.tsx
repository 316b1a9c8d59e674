import { useState, type ComponentType, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconCopy, IconSearch } from '@tabler/icons-react';
import {
  WHATSAPP_MESSAGES as M,
  WHATSAPP_PACING,
  t,
  testMessageBody,
  updateAccountBody,
  type Account,
  WEB_MESSAGES,
  formatPhone,
} from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormModal, ModalForm, useSaveCallbacks } from '../../../components/form-modal';
import { useToast } from '../../../components/toast/use-toast';
import { useServerForm } from '../../../components/use-server-form';
import { errorMessage } from '../../../lib/api-error';
import {
  useContacts,
  useDeleteAccount,
  useGroups,
  useResetToken,
  useSendTest,
  useUpdateAccount,
} from '../../../resources/account/account-queries';
import { WA_TEXT } from './wa-strings';

interface DialogProps {
  /** the account the dialog is about; null closes it */
  account: Account | null;
  onClose: () => void;
}

/** Keeps showing the last account while the modal animates closed. */
function useShown(account: Account | null): Account | null {
  const [shown, setShown] = useState(account);
  if (account && account !== shown) setShown(account);
  return account ?? shown;
}

function useFailureToast() {
  const toast = useToast();
  return (error: unknown) =>
    toast.show({
      title: t('common.failed'),
      message: errorMessage(error, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });
}

function DialogShell({
  account,
  title,
  onClose,
  testId,
  children,
}: DialogProps & { title: string; testId: string; children: ReactNode }) {
  return (
    <FormModal opened={!!account} onClose={onClose} title={title} testId={testId}>
      {children}
    </FormModal>
  );
}

type AccountFormProps = { account: Account; onDone: () => void };

/** A form about the account, mounted afresh on opening and on closing. */
function AccountFormDialog({
  account,
  onClose,
  title,
  testId,
  form: Form,
}: DialogProps & { title: string; testId: string; form: ComponentType<AccountFormProps> }) {
  const shown = useShown(account);
  return (
    <DialogShell account={account} onClose={onClose} title={title} testId={testId}>
      {shown ? <Form key={shown.id + String(!!account)} account={shown} onDone={onClose} /> : null}
    </DialogShell>
  );
}

/** 'Ubah nama': the name, and for a linked number its sending pace (seconds between sends, hourly cap). */
export function RenameDialog(props: DialogProps) {
  return (
    <AccountFormDialog {...props} title={WA_TEXT.renameTitle} testId="wa-rename-dialog" form={RenameForm} />
  );
}

function RenameForm({ account, onDone }: AccountFormProps) {
  const update = useUpdateAccount();
  const [name, setName] = useState(account.label.name);
  const [gap, setGap] = useState<number | string>((account.pacing?.minGapMs ?? 3000) / 1000);
  const [cap, setCap] = useState<number | string>(account.pacing?.hourlyCap ?? 250);
  const { errors, formError, check, fail } = useServerForm();
  const saved = useSaveCallbacks(onDone, fail);

  const submit = () => {
    const body: Record<string, unknown> = { labelName: name };
    if (account.pacing) {
      body.sendMinGapMs = typeof gap === 'number' ? Math.round(gap * 1000) : Number.NaN;
      body.sendHourlyCap = typeof cap === 'number' ? cap : Number.NaN;
    }
    const parsed = check(updateAccountBody.safeParse(body));
    if (!parsed) return;
    update.mutate({ id: account.id, ...parsed }, saved(M.updated));
  };

  return (
    <ModalForm
      onSubmit={submit}
      pending={update.isPending}
      formError={formError}
      onCancel={onDone}
      submitTestId="wa-rename-submit"
      spacedActions={false}
    >
      <TextInput
        label={WA_TEXT.nameLabel}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.labelName}
        data-autofocus
        autoComplete="off"
        data-testid="wa-rename-name"
      />
      {account.pacing ? (
        <Stack gap="xs">
          <div>
            <Text size="sm" fw={600}>
              {WA_TEXT.pacingTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {WA_TEXT.pacingHint}
            </Text>
          </div>
          <NumberInput
            label={WA_TEXT.minGapLabel}
            value={gap}
            onChange={setGap}
            min={WHATSAPP_PACING.minGapMsMin / 1000}
            max={WHATSAPP_PACING.minGapMsMax / 1000}
            decimalScale={1}
            error={errors.sendMinGapMs}
            data-testid="wa-rename-gap"
          />
          <NumberInput
            label={WA_TEXT.hourlyCapLabel}
            value={cap}
            onChange={setCap}
            min={WHATSAPP_PACING.hourlyCapMin}
            max={WHATSAPP_PACING.hourlyCapMax}
            allowDecimal={false}
            error={errors.sendHourlyCap}
            data-testid="wa-rename-cap"
          />
        </Stack>
      ) : null}
    </ModalForm>
  );
}

/** 'Kirim pesan tes': a number and a text, sent through the inbox like any message. */
export function TestMessageDialog(props: DialogProps) {
  return <AccountFormDialog {...props} title={WA_TEXT.testTitle} testId="wa-test-dialog" form={TestForm} />;
}

function TestForm({ account, onDone }: AccountFormProps) {
  const send = useSendTest();
  const [phone, setPhone] = useState('');
  const [text, setText] = useState<string>(WA_TEXT.testTextDefault);
  const { errors, formError, check, fail } = useServerForm();
  const saved = useSaveCallbacks(onDone, fail);

  const submit = () => {
    const parsed = check(testMessageBody.safeParse({ phoneNumber: phone, text }));
    if (!parsed) return;
    send.mutate(
      { id: account.id, ...parsed },
      saved((answer) => answer.message),
    );
  };

  return (
    <ModalForm
      onSubmit={submit}
      pending={send.isPending}
      formError={formError}
      onCancel={onDone}
      submitLabel={WA_TEXT.send}
      submitTestId="wa-test-submit"
      spacedActions={false}
      header={
        <Text size="sm" c="dimmed">
          {account.label.name}
          {account.label.phoneNumber ? ` · ${formatPhone(account.label.phoneNumber)}` : ''}
        </Text>
      }
    >
      <TextInput
        label={WA_TEXT.phoneLabel}
        placeholder={WA_TEXT.phonePlaceholder}
        inputMode="tel"
        value={phone}
        onChange={(e) => setPhone(e.currentTarget.value)}
        error={errors.phoneNumber}
        data-autofocus
        data-testid="wa-test-phone"
      />
      <Textarea
        label={WA_TEXT.testTextLabel}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={errors.text}
        autosize
        minRows={3}
        maxRows={8}
        data-testid="wa-test-text"
      />
    </ModalForm>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="xs" data-testid="wa-list-skeleton">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={36} radius="sm" />
      ))}
    </Stack>
  );
}

/** A list synced from WhatsApp: skeleton, failure, empty text, or rows with a name and a detail. */
function SyncedList({
  pending,
  failed,
  rows,
  rowTestId,
  empty,
  emptyTestId,
  footer,
}: {
  pending: boolean;
  failed: boolean;
  rows: { id: string; name: string; detail: string }[] | undefined;
  rowTestId: string;
  empty: string;
  emptyTestId: string;
  footer?: ReactNode;
}) {
  if (pending) return <ListSkeleton />;
  if (failed) {
    return (
      <Text size="sm" c="red">
        {WA_TEXT.listFailed}
      </Text>
    );
  }
  if (!rows?.length) {
    return (
      <Text size="sm" c="dimmed" data-testid={emptyTestId}>
        {empty}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={400}>
      <Stack gap={0}>
        {rows.map((row) => (
          <Group
            key={row.id}
            justify="space-between"
            py={8}
            wrap="nowrap"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            data-testid={rowTestId}
          >
            <Text size="sm" truncate>
              {row.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {row.detail}
            </Text>
          </Group>
        ))}
      </Stack>
      {footer}
    </ScrollArea.Autosize>
  );
}

/** 'Grup WhatsApp': the groups the number is in, alphabetical. */
export function GroupsDialog({ account, onClose }: DialogProps) {
  const groups = useGroups(account?.id ?? null);
  return (
    <DialogShell account={account} onClose={onClose} title={WA_TEXT.groups} testId="wa-groups-dialog">
      <SyncedList
        pending={groups.isPending}
        failed={groups.isError}
        rows={groups.data?.docs.map((g) => ({
          id: g.id,
          name: g.name,
          detail: WA_TEXT.participants(g.participants),
        }))}
        rowTestId="wa-group-row"
        empty={WA_TEXT.groupsEmpty}
        emptyTestId="wa-groups-empty"
      />
    </DialogShell>
  );
}

/** 'Kontak WhatsApp': the number's synced contacts, searchable, 50 at a time. */
export function ContactsDialog({ account, onClose }: DialogProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const contacts = useContacts(account?.id ?? null, debounced);
  const docs = contacts.data?.pages.flatMap((p) => p.docs);
  return (
    <DialogShell account={account} onClose={onClose} title={WA_TEXT.contacts} testId="wa-contacts-dialog">
      <Stack gap="sm">
        <TextInput
          aria-label={WA_TEXT.contactSearch}
          placeholder={WA_TEXT.contactSearch}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="wa-contacts-search"
        />
        <SyncedList
          pending={contacts.isPending}
          failed={contacts.isError}
          rows={docs?.map((c) => ({ id: c.id, name: c.name, detail: formatPhone(c.phoneNumber) }))}
          rowTestId="wa-contact-row"
          empty={debounced ? WA_TEXT.contactsNotFound : WA_TEXT.contactsEmpty}
          emptyTestId="wa-contacts-empty"
          footer={
            contacts.hasNextPage ? (
              <Group justify="center" mt="sm">
                <Button
                  variant="light"
                  size="xs"
                  loading={contacts.isFetchingNextPage}
                  onClick={() => void contacts.fetchNextPage()}
                >
                  {WA_TEXT.loadMore}
                </Button>
              </Group>
            ) : null
          }
        />
      </Stack>
    </DialogShell>
  );
}

/** 'Reset token API': confirm, then the new token once, with a copy button and the warning. */
export function ResetTokenDialog({ account, onClose }: DialogProps) {
  const reset = useResetToken();
  const failed = useFailureToast();
  const [token, setToken] = useState<{ id: string; value: string } | null>(null);
  const shownToken = token && token.id === account?.id ? token.value : null;

  const close = () => {
    if (reset.isPending) return;
    setToken(null);
    onClose();
  };
  const confirm = () => {
    if (!account || reset.isPending) return;
    reset.mutate(account.id, {
      onSuccess: (answer) => setToken({ id: account.id, value: answer.token }),
      onError: failed,
    });
  };

  return (
    <DialogShell account={account} onClose={close} title={WA_TEXT.tokenTitle} testId="wa-token-dialog">
      {shownToken ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {M.tokenReset}
          </Alert>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="wa-token-value">
            {shownToken}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={shownToken}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'green' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  data-testid="wa-token-copy"
                >
                  {copied ? WA_TEXT.copied : WA_TEXT.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{WA_TEXT.done}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{WA_TEXT.tokenBody}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={reset.isPending} data-autofocus>
              {WA_TEXT.cancel}
            </Button>
            <Button color="red" onClick={confirm} loading={reset.isPending} data-testid="wa-token-confirm">
              {WA_TEXT.tokenConfirm}
            </Button>
          </Group>
        </Stack>
      )}
    </DialogShell>
  );
}

/** 'Hapus': a linked number is logged out of WhatsApp and removed; its chats stay readable. */
export function DeleteDialog({ account, onClose }: DialogProps) {
  const toast = useToast();
  const remove = useDeleteAccount();
  const failed = useFailureToast();
  const shown = useShown(account);
  const confirm = () => {
    if (!account || remove.isPending) return;
    remove.mutate(account.id, {
      onSuccess: (answer) => {
        toast.show({ title: t('common.success'), message: answer.message, type: 'success' });
        onClose();
      },
      onError: failed,
    });
  };
  return (
    <ConfirmDeleteDialog
      opened={!!account}
      title={WA_TEXT.deleteTitle}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="wa-delete-confirm"
      submitTestId="wa-delete-submit"
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {shown?.label.name}
          {shown?.label.phoneNumber ? ` · ${formatPhone(shown.label.phoneNumber)}` : ''}
        </Text>
        <Text size="sm">
          {shown?.isSandbox
            ? WA_TEXT.deleteSandboxBody
            : shown?.provider === 'whatsapp-cloud'
              ? WA_TEXT.deleteCloudBody
              : WA_TEXT.deleteBody}
        </Text>
      </Stack>
    </ConfirmDeleteDialog>
  );
}
