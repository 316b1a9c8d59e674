import { OwnerOnly } from '../../components/owner-only';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconCalendarTime, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  formatPhone,
  PUBLICATION_LIMITS,
  PUBLICATION_MESSAGES,
  t,
  WEB_MESSAGES,
  type Broadcast,
} from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { useSenderAccounts } from '../../resources/account/use-sender-accounts';
import { useGroupPicker } from '../../resources/group/group-queries';
import {
  useBroadcast,
  useBroadcastPreview,
  useCreateBroadcast,
} from '../../resources/publication/publication-queries';
import {
  buildBroadcastBody,
  fieldOfBroadcastPath,
  initialBroadcastForm,
  offeredVariables,
  previewMessage,
  sampleValues,
  type BroadcastErrors,
  type BroadcastFormValues,
} from './broadcast-form';
import { BroadcastMessageFields } from './broadcast-message-fields';
import { BubblePreview, RecipientSummary } from './broadcast-summary';
import { PUB_TEXT } from './publication-strings';
import './publication.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
      <Title order={2} fz="h5" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /user/publication/broadcast/form (`?from=<id>` copies a broadcast: 'Duplikat'): name, senders,
 * recipients, the message with variables, a live preview and the recipient summary, then 'Kirim
 * Sekarang' or 'Jadwalkan'. Opens the new broadcast's page when it is created.
 */
/** BroadcastForm for the owner; an agent reads that publications are the owner's (the API answers 403). */
export function BroadcastFormPage() {
  return (
    <OwnerOnly title={PUBLICATION_MESSAGES.ownerOnly} hint={PUB_TEXT.ownerOnlyHint}>
      <BroadcastFormPageContent />
    </OwnerOnly>
  );
}

function BroadcastFormPageContent() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const source = useBroadcast(from);

  return (
    <Box maw={1100} mx="auto">
      <Group gap="xs" mb="sm">
        <Anchor component={Link} to="/user/publication/broadcast" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {PUB_TEXT.back}
          </Group>
        </Anchor>
      </Group>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }} mb={4}>
        {from ? PUB_TEXT.formDuplicateTitle : PUB_TEXT.formTitle}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {PUB_TEXT.formDescription}
      </Text>
      {from && source.isPending ? (
        <Stack gap="md" aria-busy="true" data-testid="broadcast-form-loading">
          <Skeleton height={120} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : (
        <>
          {from && source.isError ? (
            <Alert
              color="gray"
              variant="light"
              icon={<IconInfoCircle size={18} />}
              mb="md"
              data-testid="duplicate-missing"
            >
              {PUB_TEXT.duplicateMissing}
            </Alert>
          ) : null}
          <BroadcastForm key={source.data?._id ?? 'new'} source={source.data ?? null} />
        </>
      )}
    </Box>
  );
}

function BroadcastForm({ source }: { source: Broadcast | null }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [initial] = useState(() => initialBroadcastForm(source));
  const form = useZodForm<BroadcastFormValues>(initial.values);
  const [files, setFiles] = useState(initial.files);
  const [accountIds, setAccountIds] = useState(initial.accountIds);
  const [groupIds, setGroupIds] = useState(initial.groupIds);
  const [fallbacks, setFallbacks] = useState(initial.fallbacks);
  const [errors, setErrors] = useState<BroadcastErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [groupSearch, setGroupSearch] = useState('');
  const [debouncedGroupSearch] = useDebouncedValue(groupSearch.trim(), 300);
  const senders = useSenderAccounts({ publishing: true });
  const groups = useGroupPicker(debouncedGroupSearch);
  const create = useCreateBroadcast();

  const setError = (key: string, message: string | undefined) =>
    setErrors((prev) => {
      const next = { ...prev };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  // the preview follows the senders and recipients 600 ms after the last change
  const previewInput = useMemo(
    () => ({ accountIds, groupIds, phoneNumbers: form.values.phoneNumbers }),
    [accountIds, groupIds, form.values.phoneNumbers],
  );
  const [previewBody] = useDebouncedValue(previewInput, 600);
  const hasRecipients = groupIds.length > 0 || !!form.values.phoneNumbers.trim();
  const preview = useBroadcastPreview(previewBody);
  const previewData = hasRecipients ? preview.data : undefined;

  const senderOptions = (senders.data ?? []).map((a) => ({
    value: a.id,
    label: `${a.label.name} (${formatPhone(a.label.phoneNumber)})`,
  }));
  // chosen groups keep their names while the search shows others
  const [knownGroups, setKnownGroups] = useState(() =>
    Object.fromEntries((source?.groups ?? []).map((g) => [g._id, g.name])),
  );
  const groupOptions = useMemo(() => {
    const names = { ...knownGroups };
    for (const g of groups.data?.docs ?? []) names[g._id] = g.name;
    return Object.entries(names).map(([value, label]) => ({ value, label }));
  }, [knownGroups, groups.data]);

  const message = previewMessage(form.values, files, sampleValues(previewData?.sample ?? null), fallbacks);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading || create.isPending) return;
    setFormError(null);
    const result = buildBroadcastBody({ values: form.values, files, accountIds, groupIds, fallbacks });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.body, {
      onSuccess: (broadcast) => {
        toast.show({
          title: t('common.success'),
          message:
            broadcast.state === 'scheduled' ? PUBLICATION_MESSAGES.scheduled : PUBLICATION_MESSAGES.created,
          type: 'success',
        });
        void navigate(`/user/publication/broadcast/${encodeURIComponent(broadcast._id)}`);
      },
      onError: (failure) => {
        const next: BroadcastErrors = {};
        if (failure instanceof ApiError) {
          for (const [path, text] of Object.entries(failure.fields)) {
            const field = fieldOfBroadcastPath(path);
            if (field && !next[field]) next[field] = text;
          }
        }
        setErrors(next);
        const text = errorMessage(failure, WEB_MESSAGES.unexpectedError);
        const onField = Object.values(next).some((m) => text.endsWith(m));
        setFormError(onField ? null : text);
        toast.show({ title: t('common.failed'), message: text, type: 'error' });
      },
    });
  };

  const scheduled = form.values.when === 'schedule';

  return (
    <form onSubmit={submit} noValidate data-testid="broadcast-form">
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <FormAlert message={formError} />
            <Section title={PUB_TEXT.detailsSection}>
              <Stack gap="md">
                <TextInput
                  label={PUB_TEXT.name}
                  placeholder={PUB_TEXT.namePlaceholder}
                  description={PUB_TEXT.nameDescription}
                  maxLength={PUBLICATION_LIMITS.nameMax}
                  withAsterisk
                  value={form.values.name}
                  onChange={(e) => {
                    form.setFieldValue('name', e.currentTarget.value);
                    setError('name', undefined);
                  }}
                  error={errors.name}
                  data-testid="broadcast-name-input"
                />
                <MultiSelect
                  size="md"
                  label={PUB_TEXT.sendersLabel}
                  placeholder={accountIds.length ? undefined : PUB_TEXT.sendersPlaceholder}
                  description={PUB_TEXT.sendersRotation}
                  data={senderOptions}
                  value={accountIds}
                  onChange={(value) => {
                    setAccountIds(value);
                    setError('accountIds', undefined);
                  }}
                  maxValues={PUBLICATION_LIMITS.sendersMax}
                  withAsterisk
                  hidePickedOptions
                  comboboxProps={{ withinPortal: true }}
                  error={errors.accountIds}
                  data-testid="broadcast-senders"
                />
                {senders.data && !senders.data.length ? (
                  <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
                    <Text size="sm">
                      {PUB_TEXT.sendersNone}{' '}
                      <Anchor component={Link} to="/user/integration/whatsapp" size="sm">
                        Integrasi WhatsApp
                      </Anchor>
                    </Text>
                  </Alert>
                ) : null}
              </Stack>
            </Section>

            <Section title={PUB_TEXT.recipientsSection}>
              <Stack gap="md">
                <MultiSelect
                  size="md"
                  label={PUB_TEXT.groupsLabel}
                  placeholder={groupIds.length ? undefined : PUB_TEXT.groupsPlaceholder}
                  data={groupOptions}
                  value={groupIds}
                  onChange={(value) => {
                    setGroupIds(value);
                    setKnownGroups((prev) => {
                      const next = { ...prev };
                      for (const id of value) {
                        const found = groupOptions.find((o) => o.value === id);
                        if (found) next[id] = found.label;
                      }
                      return next;
                    });
                    setError('groupIds', undefined);
                  }}
                  searchable
                  searchValue={groupSearch}
                  onSearchChange={setGroupSearch}
                  filter={({ options }) => options}
                  maxValues={PUBLICATION_LIMITS.groupsMax}
                  hidePickedOptions
                  nothingFoundMessage="Grup tidak ditemukan"
                  comboboxProps={{ withinPortal: true }}
                  error={errors.groupIds}
                  data-testid="broadcast-groups"
                />
                <Textarea
                  size="md"
                  label={PUB_TEXT.numbersLabel}
                  description={PUB_TEXT.numbersDescription}
                  placeholder={'081234567890\n6285700001111'}
                  autosize
                  minRows={3}
                  maxRows={10}
                  value={form.values.phoneNumbers}
                  onChange={(e) => {
                    form.setFieldValue('phoneNumbers', e.currentTarget.value);
                    setError('phoneNumbers', undefined);
                  }}
                  error={errors.phoneNumbers}
                  data-testid="broadcast-numbers"
                />
              </Stack>
            </Section>

            <Section title={PUB_TEXT.messageSection}>
              <BroadcastMessageFields
                form={form}
                files={files}
                setFiles={setFiles}
                fallbacks={fallbacks}
                setFallback={(name, value) => {
                  setFallbacks((prev) => ({ ...prev, [name]: value }));
                  setError(`fallback:${name}`, undefined);
                }}
                variables={offeredVariables(previewData)}
                errors={errors}
                setError={setError}
                onUploading={setUploading}
                disabled={create.isPending}
              />
            </Section>

            <Section title={PUB_TEXT.whenSection}>
              <Stack gap="md">
                <SegmentedControl
                  value={form.values.when}
                  onChange={(value) => {
                    form.setFieldValue('when', value);
                    setError('scheduledAt', undefined);
                  }}
                  data={[
                    { value: 'now', label: PUB_TEXT.sendNow },
                    { value: 'schedule', label: PUB_TEXT.schedule },
                  ]}
                  aria-label={PUB_TEXT.whenSection}
                  data-testid="broadcast-when"
                />
                {scheduled ? (
                  <TextInput
                    type="datetime-local"
                    label={PUB_TEXT.scheduleLabel}
                    withAsterisk
                    value={form.values.scheduledAt}
                    onChange={(e) => {
                      form.setFieldValue('scheduledAt', e.currentTarget.value);
                      setError('scheduledAt', undefined);
                    }}
                    error={errors.scheduledAt}
                    data-testid="broadcast-schedule"
                  />
                ) : null}
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" className="sapa-pub-aside">
            <BubblePreview message={message} sample={previewData?.sample} />
            <RecipientSummary
              preview={previewData}
              loading={hasRecipients && (preview.isFetching || previewBody !== previewInput)}
              failed={preview.isError}
              hasRecipients={hasRecipients}
            />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/user/publication/broadcast" variant="default">
                {PUB_TEXT.cancel}
              </Button>
              <Button
                type="submit"
                loading={create.isPending}
                disabled={uploading}
                leftSection={scheduled ? <IconCalendarTime size={16} /> : <IconSend size={16} />}
                data-testid="broadcast-submit"
              >
                {scheduled ? PUB_TEXT.submitSchedule : PUB_TEXT.submitNow}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
