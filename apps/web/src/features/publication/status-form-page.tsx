import { OwnerOnly } from '../../components/owner-only';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Input,
  MultiSelect,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  ATTACHMENT_MESSAGES,
  fileRefusal,
  formatPhone,
  interpolate,
  PUBLICATION_MESSAGES,
  STATUS_COLORS,
  t,
  WEB_MESSAGES,
  type StatusType,
} from '@sapa/contracts';
import { ImageBubble } from '../../components/bubbles/image-bubble';
import { VideoBubble } from '../../components/bubbles/video-bubble';
import { fileFromUpload } from '../../components/content-editor/content-form';
import { MediaFileField } from '../../components/content-editor/media-file-field';
import { FormAlert } from '../../components/form-alert';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useSenderAccounts } from '../../resources/account/use-sender-accounts';
import { uploadMedia } from '../../resources/chat/upload-media';
import { useGroupPicker } from '../../resources/group/group-queries';
import { useCreateStatus } from '../../resources/publication/publication-queries';
import { WEEKDAYS } from './publication-format';
import { PUB_TEXT } from './publication-strings';
import {
  buildStatusBody,
  EMPTY_STATUS_FORM,
  type StatusErrors,
  type StatusFormState,
  type StatusWhen,
} from './status-form';
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

/** The colours of a text status as a radio group of swatches (arrow keys move, like any radio group). */
function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const move = (delta: number) => {
    const i = STATUS_COLORS.indexOf(value);
    const next = STATUS_COLORS[(i + delta + STATUS_COLORS.length) % STATUS_COLORS.length]!;
    onChange(next);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-color="${next}"]`)?.focus());
  };
  return (
    <Input.Wrapper label={PUB_TEXT.statusColor} id="status-color-label">
      <Group
        gap="xs"
        mt={6}
        role="radiogroup"
        aria-labelledby="status-color-label"
        data-testid="status-colors"
      >
        {STATUS_COLORS.map((color) => (
          <UnstyledButton
            key={color}
            role="radio"
            aria-checked={color === value}
            aria-label={interpolate(PUB_TEXT.statusColorOption, { color })}
            tabIndex={color === value ? 0 : -1}
            className="sapa-pub-swatch"
            style={{ background: color }}
            data-color={color}
            onClick={() => onChange(color)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
                event.preventDefault();
                move(1);
              } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
                event.preventDefault();
                move(-1);
              }
            }}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}

/** /user/publication/status/form: number, text on a colour or an image/video, audience and when. */
/** StatusForm for the owner; an agent reads that publications are the owner's (the API answers 403). */
export function StatusFormPage() {
  return (
    <OwnerOnly title={PUBLICATION_MESSAGES.ownerOnly} hint={PUB_TEXT.ownerOnlyHint}>
      <StatusFormPageContent />
    </OwnerOnly>
  );
}

function StatusFormPageContent() {
  const toast = useToast();
  const navigate = useNavigate();
  const [state, setState] = useState<StatusFormState>(EMPTY_STATUS_FORM);
  const [errors, setErrors] = useState<StatusErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const senders = useSenderAccounts({ publishing: true });
  const groups = useGroupPicker('', state.audience === 'groups');
  const create = useCreateStatus();

  const set = <K extends keyof StatusFormState>(
    key: K,
    value: StatusFormState[K],
    errorKey: string = key,
  ) => {
    setState((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => {
      if (!prev[errorKey]) return prev;
      const next = { ...prev };
      delete next[errorKey];
      return next;
    });
  };

  const mediaKind = state.type === 'image' || state.type === 'video' ? state.type : null;

  const pickFile = async (file: File) => {
    if (!mediaKind) return;
    const refusal = fileRefusal(mediaKind, { size: file.size, mimetype: file.type });
    if (refusal || file.size === 0) {
      setErrors((prev) => ({ ...prev, [mediaKind]: refusal ?? ATTACHMENT_MESSAGES.fileEmpty }));
      return;
    }
    setErrors((prev) => ({ ...prev, [mediaKind]: '' }));
    setUploading(file.name);
    try {
      const uploaded = await uploadMedia(file);
      setState((prev) => ({
        ...prev,
        files: { ...prev.files, [mediaKind]: fileFromUpload(mediaKind, uploaded) },
      }));
    } catch (failure) {
      setErrors((prev) => ({
        ...prev,
        [mediaKind]: errorMessage(failure, ATTACHMENT_MESSAGES.uploadFailed),
      }));
    } finally {
      setUploading(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading || create.isPending) return;
    setFormError(null);
    const result = buildStatusBody(state);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.body, {
      onSuccess: () => {
        toast.show({
          title: t('common.success'),
          message: PUBLICATION_MESSAGES.statusCreated,
          type: 'success',
        });
        void navigate('/user/publication/status');
      },
      onError: (failure) => {
        const fields = failure instanceof ApiError ? failure.fields : {};
        const next: StatusErrors = {};
        for (const [path, text] of Object.entries(fields)) next[path.split('.')[0]!] ??= text;
        setErrors(next);
        const text = errorMessage(failure, WEB_MESSAGES.unexpectedError);
        setFormError(Object.values(next).some((m) => text.endsWith(m)) ? null : text);
        toast.show({ title: t('common.failed'), message: text, type: 'error' });
      },
    });
  };

  const file = mediaKind ? state.files[mediaKind] : undefined;

  return (
    <Box maw={1000} mx="auto">
      <Anchor component={Link} to="/user/publication/status" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {PUB_TEXT.back}
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }} mt="sm" mb={4}>
        {PUB_TEXT.statusFormTitle}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {PUB_TEXT.statusFormDescription}
      </Text>
      <form onSubmit={submit} noValidate data-testid="status-form">
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <FormAlert message={formError} />
              <Section title={PUB_TEXT.statusType}>
                <Stack gap="md">
                  <Select
                    size="md"
                    label={PUB_TEXT.statusNumber}
                    placeholder={PUB_TEXT.sendersPlaceholder}
                    data={(senders.data ?? []).map((a) => ({
                      value: a.id,
                      label: `${a.label.name} (${formatPhone(a.label.phoneNumber)})`,
                    }))}
                    value={state.accountId}
                    onChange={(value) => set('accountId', value)}
                    withAsterisk
                    comboboxProps={{ withinPortal: true }}
                    error={errors.accountId}
                    nothingFoundMessage={PUB_TEXT.sendersNone}
                    data-testid="status-account"
                  />
                  <SegmentedControl
                    value={state.type}
                    onChange={(value) => set('type', value as StatusType)}
                    data={[
                      { value: 'text', label: PUB_TEXT.typeText },
                      { value: 'image', label: PUB_TEXT.typeImage },
                      { value: 'video', label: PUB_TEXT.typeVideo },
                    ]}
                    aria-label={PUB_TEXT.statusType}
                    data-testid="status-type"
                  />
                  {mediaKind ? (
                    <MediaFileField
                      key={mediaKind}
                      kind={mediaKind}
                      file={file}
                      uploading={uploading}
                      error={errors[mediaKind] || undefined}
                      caption={state.text}
                      disabled={create.isPending}
                      onPick={(picked) => void pickFile(picked)}
                      testIdPrefix="status"
                    />
                  ) : null}
                  <Textarea
                    size="md"
                    label={state.type === 'text' ? PUB_TEXT.statusText : PUB_TEXT.statusCaption}
                    placeholder={
                      state.type === 'text'
                        ? 'Promo hari ini: diskon 20% untuk semua produk!'
                        : 'Tambahkan keterangan'
                    }
                    autosize
                    minRows={3}
                    maxRows={8}
                    maxLength={700}
                    withAsterisk={state.type === 'text'}
                    value={state.text}
                    onChange={(event) => set('text', event.currentTarget.value)}
                    error={errors.text}
                    data-testid="status-text-input"
                  />
                  {state.type === 'text' ? (
                    <ColorPicker
                      value={state.backgroundColor}
                      onChange={(color) => set('backgroundColor', color)}
                    />
                  ) : null}
                </Stack>
              </Section>

              <Section title={PUB_TEXT.audience}>
                <Stack gap="sm">
                  <Radio.Group
                    value={state.audience}
                    onChange={(value) => set('audience', value as 'all' | 'groups', 'groupIds')}
                    aria-label={PUB_TEXT.audience}
                  >
                    <Stack gap="xs">
                      <Radio value="all" label={PUB_TEXT.audienceAllHint} data-testid="status-audience-all" />
                      <Radio
                        value="groups"
                        label={PUB_TEXT.audienceGroups}
                        data-testid="status-audience-groups"
                      />
                    </Stack>
                  </Radio.Group>
                  {state.audience === 'groups' ? (
                    <MultiSelect
                      size="md"
                      label={PUB_TEXT.groupsLabel}
                      placeholder={state.groupIds.length ? undefined : PUB_TEXT.groupsPlaceholder}
                      data={(groups.data?.docs ?? []).map((g) => ({ value: g._id, label: g.name }))}
                      value={state.groupIds}
                      onChange={(value) => set('groupIds', value)}
                      searchable
                      hidePickedOptions
                      comboboxProps={{ withinPortal: true }}
                      error={errors.groupIds}
                      data-testid="status-groups"
                    />
                  ) : null}
                </Stack>
              </Section>

              <Section title={PUB_TEXT.when}>
                <Stack gap="sm">
                  <Radio.Group
                    value={state.when}
                    onChange={(value) => {
                      set('when', value as StatusWhen, 'scheduledAt');
                      setErrors((prev) => ({ ...prev, time: '', weekday: '' }));
                    }}
                    aria-label={PUB_TEXT.when}
                  >
                    <Stack gap="xs">
                      <Radio value="now" label={PUB_TEXT.whenNow} data-testid="status-when-now" />
                      <Radio value="at" label={PUB_TEXT.whenAt} data-testid="status-when-at" />
                      <Radio value="repeat" label={PUB_TEXT.whenRepeat} data-testid="status-when-repeat" />
                    </Stack>
                  </Radio.Group>
                  {state.when === 'at' ? (
                    <TextInput
                      type="datetime-local"
                      label={PUB_TEXT.scheduleLabel}
                      withAsterisk
                      value={state.scheduledAt}
                      onChange={(event) => set('scheduledAt', event.currentTarget.value)}
                      error={errors.scheduledAt}
                      data-testid="status-schedule"
                    />
                  ) : null}
                  {state.when === 'repeat' ? (
                    <Stack gap="sm">
                      <SegmentedControl
                        value={state.repeat}
                        onChange={(value) => set('repeat', value as 'daily' | 'weekly')}
                        data={[
                          { value: 'daily', label: PUB_TEXT.repeatDaily },
                          { value: 'weekly', label: PUB_TEXT.repeatWeekly },
                        ]}
                        aria-label={PUB_TEXT.whenRepeat}
                        data-testid="status-repeat"
                      />
                      <Group grow align="flex-start" gap="sm">
                        {state.repeat === 'weekly' ? (
                          <Select
                            size="md"
                            label={PUB_TEXT.weekday}
                            data={WEEKDAYS.map((day, i) => ({ value: String(i), label: day }))}
                            value={state.weekday}
                            onChange={(value) => set('weekday', value ?? '1')}
                            allowDeselect={false}
                            comboboxProps={{ withinPortal: true }}
                            error={errors.weekday || undefined}
                            data-testid="status-weekday"
                          />
                        ) : null}
                        <TextInput
                          type="time"
                          label={PUB_TEXT.time}
                          withAsterisk
                          value={state.time}
                          onChange={(event) => set('time', event.currentTarget.value)}
                          error={errors.time || undefined}
                          data-testid="status-time"
                        />
                      </Group>
                    </Stack>
                  ) : null}
                </Stack>
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md" className="sapa-pub-aside">
              <Paper withBorder radius="md" p="md">
                <Title order={2} fz="h5" mb="sm">
                  {PUB_TEXT.statusPreview}
                </Title>
                {state.type === 'text' ? (
                  <div
                    className="sapa-pub-status-preview"
                    style={{ background: state.backgroundColor }}
                    data-testid="status-preview"
                  >
                    {state.text || PUB_TEXT.statusTextPlaceholder}
                  </div>
                ) : file ? (
                  <div className="sapa-pub-status-preview sapa-pub-status-media" data-testid="status-preview">
                    {file.kind === 'image' ? (
                      <ImageBubble image={file.media} caption={state.text} />
                    ) : file.kind === 'video' ? (
                      <VideoBubble video={file.media} caption={state.text} />
                    ) : null}
                    {state.text ? <div className="sapa-pub-status-caption">{state.text}</div> : null}
                  </div>
                ) : (
                  <Text size="sm" c="dimmed">
                    {PUB_TEXT.statusMediaHint}
                  </Text>
                )}
              </Paper>
              <Group justify="flex-end" gap="sm">
                <Button component={Link} to="/user/publication/status" variant="default">
                  {PUB_TEXT.cancel}
                </Button>
                <Button
                  type="submit"
                  loading={create.isPending}
                  disabled={!!uploading}
                  data-testid="status-submit"
                >
                  {state.when === 'now' ? PUB_TEXT.statusSubmitNow : PUB_TEXT.statusSubmit}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Box>
  );
}
