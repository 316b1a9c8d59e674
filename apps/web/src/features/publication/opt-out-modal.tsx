import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import {
  formatPhone,
  interpolate,
  PUBLICATION_LIMITS,
  PUBLICATION_MESSAGES,
  stopWordsBody,
  t,
  WEB_MESSAGES,
  type OptOut,
} from '@sapa/contracts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { LoadFailed, LoadMore } from '../../components/list-states';
import { SearchInput } from '../../components/search-input';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import {
  useAddOptOut,
  useOptOutPages,
  useRemoveOptOut,
  useSaveStopWords,
  useStopWords,
} from '../../resources/publication/publication-queries';
import { formatWib } from './publication-format';
import { PUB_TEXT } from './publication-strings';

/** The stop words as editable chips, saved with PUT /publication/stop-words. */
function StopWordsEditor() {
  const toast = useToast();
  const query = useStopWords();
  const save = useSaveStopWords();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const words = draft ?? query.data?.words ?? [];

  if (query.isPending) return <Skeleton height={36} radius="sm" data-testid="stop-words-loading" />;

  const submit = () => {
    const parsed = stopWordsBody.safeParse({ words });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.words, {
      onSuccess: () => {
        setDraft(null);
        toast.show({ title: t('common.success'), message: PUB_TEXT.stopWordsSaved, type: 'success' });
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.fields.words
            ? failure.fields.words
            : errorMessage(failure, WEB_MESSAGES.unexpectedError),
        ),
    });
  };

  return (
    <Stack gap="xs">
      <TagsInput
        size="md"
        label={PUB_TEXT.stopWordsLabel}
        description={PUB_TEXT.stopWordsDescription}
        value={words}
        onChange={(next) => {
          setDraft(next.map((w) => w.trim().toUpperCase()).filter(Boolean));
          setError(undefined);
        }}
        maxTags={PUBLICATION_LIMITS.stopWordsMax}
        maxLength={PUBLICATION_LIMITS.stopWordMax}
        splitChars={[',', ' ']}
        error={error}
        clearable
        data-testid="stop-words"
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          onClick={submit}
          loading={save.isPending}
          disabled={draft === null}
          data-testid="stop-words-save"
        >
          {PUB_TEXT.stopWordsSave}
        </Button>
      </Group>
    </Stack>
  );
}

function OptOutRow({ item, onRemove }: { item: OptOut; onRemove: (item: OptOut) => void }) {
  const phone = formatPhone(item.phoneNumber);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" py={8} data-testid="opt-out-row">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {phone}
        </Text>
        <Text size="xs" c="dimmed">
          {item.source === 'reply' ? PUB_TEXT.optOutFromReply : PUB_TEXT.optOutManual} ·{' '}
          {formatWib(item.createdAt)}
        </Text>
      </div>
      <ActionIcon
        variant="subtle"
        color="red"
        size={36}
        onClick={() => onRemove(item)}
        aria-label={interpolate(PUB_TEXT.optOutRemove, { phone })}
        data-testid="opt-out-remove"
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

/** The opted-out numbers: searched, paged, one added by hand, one removed after confirming. */
function OptOutNumbers() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useOptOutPages(debounced);
  const add = useAddOptOut();
  const remove = useRemoveOptOut();
  const [phone, setPhone] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<OptOut | null>(null);
  const items = list.data?.pages.flatMap((p) => p.docs);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) {
      setAddError(t('validation.required'));
      return;
    }
    add.mutate(phone.trim(), {
      onSuccess: () => {
        setPhone('');
        setAddError(undefined);
        toast.show({
          title: t('common.success'),
          message: PUBLICATION_MESSAGES.optOutAdded,
          type: 'success',
        });
      },
      onError: (failure) =>
        setAddError(
          failure instanceof ApiError && failure.fields.phoneNumber
            ? failure.fields.phoneNumber
            : errorMessage(failure, WEB_MESSAGES.unexpectedError),
        ),
    });
  };

  let body;
  if (!items) {
    body = list.isError ? (
      <LoadFailed
        text={PUB_TEXT.optOutLoadFailed}
        onRetry={() => void list.refetch()}
        testId="opt-out-failed"
      />
    ) : (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (!items.length) {
    body = (
      <Text size="sm" c="dimmed" py="md" ta="center" data-testid="opt-out-empty">
        {debounced ? PUB_TEXT.optOutNotFound : PUB_TEXT.optOutEmpty}
      </Text>
    );
  } else {
    body = (
      <>
        <Stack
          component="ul"
          gap={0}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={PUB_TEXT.optOutNumbers}
        >
          {items.map((item) => (
            <OptOutRow key={item._id} item={item} onRemove={setRemoving} />
          ))}
        </Stack>
        {list.hasNextPage ? (
          <LoadMore
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            testId="opt-out-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {PUB_TEXT.optOutNumbers}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={PUB_TEXT.optOutAddLabel}
            placeholder="081234567890"
            inputMode="tel"
            value={phone}
            onChange={(event) => {
              setPhone(event.currentTarget.value);
              setAddError(undefined);
            }}
            error={addError}
            style={{ flex: 1 }}
            data-testid="opt-out-phone"
          />
          <Button type="submit" mt={25} loading={add.isPending} data-testid="opt-out-add">
            {PUB_TEXT.optOutAdd}
          </Button>
        </Group>
      </form>
      <SearchInput
        value={search}
        onChange={setSearch}
        searching={list.isFetching && !list.isFetchingNextPage && !!list.data}
        label={PUB_TEXT.optOutSearch}
        placeholder={PUB_TEXT.optOutSearch}
        clearLabel="Hapus pencarian"
        testId="opt-out-search"
      />
      {body}
      <ConfirmDeleteDialog
        opened={!!removing}
        title={PUB_TEXT.optOutRemoveTitle}
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing._id, {
            onSuccess: (answer) => {
              setRemoving(null);
              toast.show({ title: t('common.success'), message: answer.message, type: 'success' });
            },
            onError: (failure) =>
              toast.show({
                title: t('common.failed'),
                message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
                type: 'error',
              }),
          });
        }}
        testId="opt-out-remove-confirm"
      >
        <Text size="sm">
          {interpolate(PUB_TEXT.optOutRemoveBody, { phone: formatPhone(removing?.phoneNumber) })}
        </Text>
      </ConfirmDeleteDialog>
    </Stack>
  );
}

/** 'Daftar Berhenti Langganan': the stop words and the opted-out numbers. */
export function OptOutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={PUB_TEXT.optOutTitle}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650 } }}
    >
      {opened ? (
        <Stack gap="md" data-testid="opt-out-modal">
          <Text size="sm" c="dimmed">
            {PUB_TEXT.optOutIntro}
          </Text>
          <StopWordsEditor />
          <Divider />
          <OptOutNumbers />
        </Stack>
      ) : null}
    </Modal>
  );
}
