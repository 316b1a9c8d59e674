import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
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
} from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { FormAlert } from '../../../components/form-alert';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { WEB_MESSAGES } from '../../../lib/web-messages';
import {
  useContacts,
  useDeleteAccount,
  useGroups,
  useResetToken,
  useSendTest,
  useUpdateAccount,
} from './wa-queries';
import { WA_TEXT, formatPhone } from './wa-strings';

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
  size,
}: DialogProps & { title: string; testId: string; children: React.ReactNode; size?: string }) {
  return (
    <Modal
      opened={!!account}
      onClose={onClose}
      title={title}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': WA_TEXT.close }}
      styles={{ title: { fontWeight: 650 } }}
    >
      <div data-testid={testId}>{children}</div>
    </Modal>
  );
}

/** 'Ubah nama': the name, and for a linked number its sending pace (seconds between sends, hourly cap). */
export function RenameDialog({ account, onClose }: DialogProps) {
  const shown = useShown(account);
  return (
    <DialogShell account={account} onClose={onClose} title={WA_TEXT.renameTitle} testId="wa-rename-dialog">
      {shown ? <RenameForm key={shown.id + String(!!account)} account={shown} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function RenameForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const toast = useToast();
  const update = useUpdateAccount();
  const [name, setName] = useState(account.label.name);
  const [gap, setGap] = useState<number | string>((account.pacing?.minGapMs ?? 3000) / 1000);
  const [cap, setCap] = useState<number | string>(account.pacing?.hourlyCap ?? 250);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const body: Record<string, unknown> = { labelName: name };
    if (account.pacing) {
      body.sendMinGapMs = typeof gap === 'number' ? Math.round(gap * 1000) : Number.NaN;
      body.sendHourlyCap = typeof cap === 'number' ? cap : Number.NaN;
    }
    const parsed = updateAccountBody.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { id: account.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.show({ title: t('common.success'), message: M.updated, type: 'success' });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
          else setFormError(errorMessage(error, WEB_MESSAGES.unexpectedError));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {WA_TEXT.cancel}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="wa-rename-submit">
            {WA_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Kirim pesan tes': a number and a text, sent through the inbox like any message. */
export function TestMessageDialog({ account, onClose }: DialogProps) {
  const shown = useShown(account);
  return (
    <DialogShell account={account} onClose={onClose} title={WA_TEXT.testTitle} testId="wa-test-dialog">
      {shown ? <TestForm key={shown.id + String(!!account)} account={shown} onDone={onClose} /> : null}
    </DialogShell>
  );
}

function TestForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const toast = useToast();
  const send = useSendTest();
  const [phone, setPhone] = useState('');
  const [text, setText] = useState<string>(WA_TEXT.testTextDefault);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setFormError(null);
    const parsed = testMessageBody.safeParse({ phoneNumber: phone, text });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(
      { id: account.id, ...parsed.data },
      {
        onSuccess: (answer) => {
          toast.show({ title: t('common.success'), message: answer.message, type: 'success' });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
          else setFormError(errorMessage(error, WEB_MESSAGES.unexpectedError));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {account.label.name}
          {account.label.phoneNumber ? ` · ${formatPhone(account.label.phoneNumber)}` : ''}
        </Text>
        <FormAlert message={formError} />
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={send.isPending}>
            {WA_TEXT.cancel}
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="wa-test-submit">
            {WA_TEXT.send}
          </Button>
        </Group>
      </Stack>
    </form>
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

/** 'Grup WhatsApp': the groups the number is in, alphabetical. */
export function GroupsDialog({ account, onClose }: DialogProps) {
  const groups = useGroups(account?.id ?? null);
  const docs = groups.data?.docs;
  return (
    <DialogShell account={account} onClose={onClose} title={WA_TEXT.groups} testId="wa-groups-dialog">
      {groups.isPending ? (
        <ListSkeleton />
      ) : groups.isError ? (
        <Text size="sm" c="red">
          {WA_TEXT.listFailed}
        </Text>
      ) : !docs?.length ? (
        <Text size="sm" c="dimmed" data-testid="wa-groups-empty">
          {WA_TEXT.groupsEmpty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={400}>
          <Stack gap={0}>
            {docs.map((g) => (
              <Group
                key={g.id}
                justify="space-between"
                py={8}
                wrap="nowrap"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="wa-group-row"
              >
                <Text size="sm" truncate>
                  {g.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {WA_TEXT.participants(g.participants)}
                </Text>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
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
        {contacts.isPending ? (
          <ListSkeleton />
        ) : contacts.isError ? (
          <Text size="sm" c="red">
            {WA_TEXT.listFailed}
          </Text>
        ) : !docs?.length ? (
          <Text size="sm" c="dimmed" data-testid="wa-contacts-empty">
            {debounced ? WA_TEXT.contactsNotFound : WA_TEXT.contactsEmpty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400}>
            <Stack gap={0}>
              {docs.map((c) => (
                <Group
                  key={c.id}
                  justify="space-between"
                  py={8}
                  wrap="nowrap"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  data-testid="wa-contact-row"
                >
                  <Text size="sm" truncate>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {formatPhone(c.phoneNumber)}
                  </Text>
                </Group>
              ))}
            </Stack>
            {contacts.hasNextPage ? (
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
            ) : null}
          </ScrollArea.Autosize>
        )}
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
        <Text size="sm">{shown?.isSandbox ? WA_TEXT.deleteSandboxBody : WA_TEXT.deleteBody}</Text>
      </Stack>
    </ConfirmDeleteDialog>
  );
}
