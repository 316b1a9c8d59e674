import { useState, type FormEvent } from 'react';
import { Badge, Button, Grid, Group, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import {
  AUTO_REPLY_MESSAGES as M,
  AUTO_REPLY_TEXT_MAX,
  autoReplyBody,
  type AutoReplySettings,
} from '@sapa/contracts';
import { FormAlert } from '../../../components/form-alert';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useSaveAutoReply } from '../../../resources/auto-reply/auto-reply-queries';
import { copyMonday, fieldErrors, toBody, toForm, type AutoReplyForm, type DayRow } from './auto-reply-form';
import { HoursEditor } from './hours-editor';
import { ReplyPreview } from './reply-preview';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} fz="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The form of one number's automatic replies: the week's hours, the away message, the greeting, their preview. */
export function AutoReplyEditor({ accountId, settings }: { accountId: string; settings: AutoReplySettings }) {
  const [form, setForm] = useState<AutoReplyForm>(() => toForm(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveAutoReply(accountId);
  const toast = useToast();

  const patch = (next: Partial<AutoReplyForm>) => setForm((f) => ({ ...f, ...next }));
  const patchDay = (day: number, next: Partial<DayRow>) => {
    setForm((f) => ({ ...f, days: f.days.map((d) => (d.day === day ? { ...d, ...next } : d)) }));
    setErrors((e) => ({ ...e, [`open-${day}`]: '', [`close-${day}`]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = toBody(form);
    const checked = autoReplyBody.safeParse(body);
    if (!checked.success) {
      const issues: Record<string, string> = {};
      for (const issue of checked.error.issues) issues[issue.path.join('.')] ??= issue.message;
      setErrors(fieldErrors(form, issues));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: (saved) => {
        setForm(toForm(saved));
        toast.show({ title: 'Berhasil', message: M.saved, type: 'success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length)
          setErrors(fieldErrors(form, error.fields));
        else setFormError(errorMessage(error, M.loadFailed));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="auto-reply-form">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <FormAlert message={formError} />
            <Section title={M.hoursTitle}>
              <Group gap="xs" mb="sm">
                <Badge
                  variant="light"
                  color={settings.openNow ? 'green' : 'gray'}
                  data-testid="auto-reply-now"
                >
                  {settings.openNow ? M.nowOpen : M.nowClosed}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" mb="md">
                {M.hoursHint}
              </Text>
              <HoursEditor
                days={form.days}
                errors={errors}
                onChange={patchDay}
                onCopyMonday={() => setForm(copyMonday)}
              />
            </Section>

            <Section title={M.awayTitle}>
              <Stack gap="sm">
                <Switch
                  label={M.awaySwitch}
                  checked={form.awayEnabled}
                  onChange={(e) => patch({ awayEnabled: e.currentTarget.checked })}
                  data-testid="auto-reply-away-switch"
                />
                <Textarea
                  label={M.awayLabel}
                  placeholder={M.awayPlaceholder}
                  value={form.awayText}
                  onChange={(e) => {
                    patch({ awayText: e.currentTarget.value });
                    setErrors((x) => ({ ...x, awayText: '' }));
                  }}
                  error={errors.awayText}
                  autosize
                  minRows={3}
                  maxLength={AUTO_REPLY_TEXT_MAX}
                  description={M.awayHint}
                  data-testid="auto-reply-away-text"
                />
              </Stack>
            </Section>

            <Section title={M.greetingTitle}>
              <Stack gap="sm">
                <Switch
                  label={M.greetingSwitch}
                  checked={form.greetingEnabled}
                  onChange={(e) => patch({ greetingEnabled: e.currentTarget.checked })}
                  data-testid="auto-reply-greeting-switch"
                />
                <Textarea
                  label={M.greetingLabel}
                  placeholder={M.greetingPlaceholder}
                  value={form.greetingText}
                  onChange={(e) => {
                    patch({ greetingText: e.currentTarget.value });
                    setErrors((x) => ({ ...x, greetingText: '' }));
                  }}
                  error={errors.greetingText}
                  autosize
                  minRows={3}
                  maxLength={AUTO_REPLY_TEXT_MAX}
                  description={M.greetingHint}
                  data-testid="auto-reply-greeting-text"
                />
              </Stack>
            </Section>
            <Text size="xs" c="dimmed">
              {M.rules}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="auto-reply-save">
                {M.save}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="gray.0">
            <Title order={3} fz="h5" mb="sm">
              {M.preview}
            </Title>
            <Stack gap="lg">
              <ReplyPreview
                title={M.awayTitle}
                text={form.awayEnabled ? form.awayText : ''}
                testId="auto-reply-preview-away"
              />
              <ReplyPreview
                title={M.greetingTitle}
                text={form.greetingEnabled ? form.greetingText : ''}
                testId="auto-reply-preview-greeting"
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
}
