import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import {
  Anchor,
  Box,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { articleBody, interpolate, t, WEB_MESSAGES, type Article } from '@sapa/contracts';
import { AppImage } from '../../components/app-image';
import { FormAlert } from '../../components/form-alert';
import { LoadFailed } from '../../components/list-states';
import { useToast } from '../../components/toast/use-toast';
import { useServerForm } from '../../components/use-server-form';
import { ApiError, errorMessage } from '../../lib/api-error';
import {
  uploadArticleImage,
  useArticle,
  useSaveArticle,
  useSetPublished,
} from '../../resources/article/article-queries';
import {
  bodyOf,
  coverProblem,
  COVER_TYPES,
  EMPTY_ARTICLE_FORM,
  formOf,
  isDirty,
  withSlug,
  withTitle,
  type ArticleField,
  type ArticleFormState,
} from './article-form';
import { ArticleStatusBadge } from './article-status-badge';
import { ARTICLE_TEXT as T } from './article-strings';
import { useLeaveGuard } from './use-leave-guard';
import './article.css';

// Tiptap and its toolbar load with this form only, after the page itself
const ArticleEditor = lazy(() => import('./article-editor').then((m) => ({ default: m.ArticleEditor })));

const BODY_LABEL_ID = 'article-body-label';
const BODY_ERROR_ID = 'article-body-error';

/**
 * /admin/article/form (issue 23): a new article, or with ?id= an existing one. Title, slug (from
 * the title until typed by hand), cover, summary and the rich-text body; saved as a draft,
 * published or taken back; the server's field errors under their fields; unsaved changes are
 * asked about before leaving.
 */
export function ArticleFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const loaded = useArticle(id);

  if (id && loaded.isPending) return <FormSkeleton />;
  if (id && !loaded.data) {
    return (
      <Paper withBorder radius="md">
        <LoadFailed
          text={errorMessage(loaded.error, T.loadArticleFailed)}
          onRetry={() => void loaded.refetch()}
          testId="article-form-failed"
        />
      </Paper>
    );
  }
  // a new article becomes an existing one once saved (?id= is set): the form starts again from it
  return <ArticleForm key={id ?? 'new'} article={loaded.data ?? null} />;
}

function ArticleForm({ article }: { article: Article | null }) {
  const toast = useToast();
  const [, setParams] = useSearchParams();
  const initial = article ? formOf(article) : EMPTY_ARTICLE_FORM;
  const [state, setState] = useState<ArticleFormState>(initial);
  const [saved, setSaved] = useState<ArticleFormState>(initial);
  const [current, setCurrent] = useState<Article | null>(article);
  const [uploading, setUploading] = useState(false);
  const form = useServerForm<ArticleField>();
  const save = useSaveArticle();
  const setPublished = useSetPublished();
  const dirty = isDirty(state, saved);
  const guard = useLeaveGuard(dirty);
  const busy = save.isPending || setPublished.isPending || uploading;
  const published = current?.status === 'published';

  const edit = (field: ArticleField, next: (s: ArticleFormState) => ArticleFormState) => {
    setState(next);
    if (form.errors[field]) form.clearError(field);
  };
  const onBodyChange = useCallback((bodyHtml: string) => setState((s) => ({ ...s, bodyHtml })), []);

  const chooseCover = async (file: File | null) => {
    if (!file) return;
    const problem = coverProblem(file);
    if (problem) {
      const message = problem === 'type' ? T.coverTypeError : T.coverSizeError;
      form.fail(new ApiError(400, message, 'VALIDATION', { coverUrl: message }));
      return;
    }
    form.clearError('coverUrl');
    setUploading(true);
    try {
      const { url } = await uploadArticleImage(file);
      setState((s) => ({ ...s, coverUrl: url }));
    } catch (failure) {
      form.fail(failure);
    } finally {
      setUploading(false);
    }
  };

  /** After a save: what the server kept (its sanitised body) is the new baseline. */
  const keep = (answer: Article) => {
    const next = formOf(answer);
    setCurrent(answer);
    setState(next);
    setSaved(next);
  };

  const failed = (failure: unknown) => {
    form.fail(failure);
    toast.show({
      title: t('common.failed'),
      message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });
  };

  const submit = (andPublish: boolean) => {
    if (busy) return;
    const body = form.check(articleBody.safeParse(bodyOf(state)), 'title');
    if (!body) return;
    const wasNew = !current;
    save.mutate(
      { id: current?._id ?? null, body },
      {
        onSuccess: (answer) => {
          keep(answer);
          const done = (final: Article) => {
            toast.show({
              title: t('common.success'),
              message: andPublish ? T.published : T.saved,
              type: 'success',
            });
            if (wasNew) setParams({ id: final._id }, { replace: true });
          };
          if (!andPublish) return done(answer);
          setPublished.mutate(
            { id: answer._id, publish: true },
            {
              onSuccess: (final) => {
                keep(final);
                done(final);
              },
              onError: (failure) => {
                failed(failure);
                if (wasNew) setParams({ id: answer._id }, { replace: true });
              },
            },
          );
        },
        onError: failed,
      },
    );
  };

  const unpublish = () => {
    if (!current || busy) return;
    setPublished.mutate(
      { id: current._id, publish: false },
      {
        onSuccess: (answer) => {
          setCurrent(answer);
          toast.show({ title: t('common.success'), message: T.unpublished, type: 'success' });
        },
        onError: failed,
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="article-form-page">
      <Stack gap="md">
        <Anchor component={Link} to="/admin/article" size="sm" w="fit-content" data-testid="article-back">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {T.back}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
                {current ? T.formEdit : T.formNew}
              </Title>
              {current ? <ArticleStatusBadge status={current.status} /> : null}
            </Group>
            <Text c="dimmed" size="sm">
              {T.formDescription}
            </Text>
          </Stack>
          {published && current ? (
            <Button
              component="a"
              href={`/artikel/${encodeURIComponent(current.slug)}`}
              target="_blank"
              rel="noopener"
              variant="default"
              rightSection={<IconExternalLink size={16} aria-hidden />}
              data-testid="article-view"
            >
              {T.view}
            </Button>
          ) : null}
        </Group>

        <FormAlert message={form.formError} />

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <TextInput
              label={T.title}
              placeholder={T.titlePlaceholder}
              value={state.title}
              onChange={(event) => {
                const title = event.currentTarget.value;
                edit('title', (s) => withTitle(s, title));
                if (form.errors.slug && !state.slugEdited) form.clearError('slug');
              }}
              error={form.errors.title}
              maxLength={150}
              required
              data-testid="article-title"
            />
            <TextInput
              label={T.slug}
              description={interpolate(state.slugEdited ? T.slugDescription : T.slugFollows, {
                slug: state.slug || '…',
              })}
              value={state.slug}
              onChange={(event) => {
                const slug = event.currentTarget.value;
                edit('slug', (s) => withSlug(s, slug));
              }}
              error={form.errors.slug}
              maxLength={80}
              required
              autoCapitalize="off"
              spellCheck={false}
              data-testid="article-slug-input"
            />
            <CoverField
              url={state.coverUrl}
              uploading={uploading}
              error={form.errors.coverUrl}
              onChoose={(file) => void chooseCover(file)}
              onRemove={() => edit('coverUrl', (s) => ({ ...s, coverUrl: null }))}
            />
            <Textarea
              label={T.summary}
              description={T.summaryDescription}
              value={state.summary}
              onChange={(event) => {
                const summary = event.currentTarget.value;
                edit('summary', (s) => ({ ...s, summary }));
              }}
              error={form.errors.summary}
              maxLength={300}
              autosize
              minRows={2}
              maxRows={5}
              data-testid="article-summary"
            />
            <Stack gap={4}>
              <Text component="div" id={BODY_LABEL_ID} size="sm" fw={500}>
                {T.body}
              </Text>
              <Suspense fallback={<Skeleton h={340} radius="md" aria-label={T.editorLoading} />}>
                <ArticleEditor
                  initialHtml={state.bodyHtml}
                  onChange={(html) => {
                    onBodyChange(html);
                    if (form.errors.bodyHtml) form.clearError('bodyHtml');
                  }}
                  labelledBy={BODY_LABEL_ID}
                  errorId={form.errors.bodyHtml ? BODY_ERROR_ID : undefined}
                  uploadImage={async (file) => (await uploadArticleImage(file)).url}
                />
              </Suspense>
              {form.errors.bodyHtml ? (
                <Text id={BODY_ERROR_ID} size="sm" c="red.8" role="alert">
                  {form.errors.bodyHtml}
                </Text>
              ) : null}
            </Stack>
          </Stack>
        </Paper>

        <Group justify="flex-end" gap="sm">
          {published ? (
            <Button
              variant="default"
              onClick={unpublish}
              disabled={busy}
              data-testid="article-unpublish-form"
            >
              {T.unpublishForm}
            </Button>
          ) : null}
          <Button
            type="submit"
            variant={published ? 'filled' : 'default'}
            loading={save.isPending && !setPublished.isPending}
            disabled={busy && !save.isPending}
            data-testid="article-save"
          >
            {published ? T.save : T.saveDraft}
          </Button>
          {!published ? (
            <Button
              onClick={() => submit(true)}
              loading={setPublished.isPending}
              disabled={busy && !setPublished.isPending}
              data-testid="article-publish-form"
            >
              {T.saveAndPublish}
            </Button>
          ) : null}
        </Group>
      </Stack>

      <Modal
        opened={!!guard.pending}
        onClose={guard.stay}
        title={T.leaveTitle}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': 'Tutup' }}
      >
        <Stack gap="lg" data-testid="article-leave-dialog">
          <Text size="sm">{T.leaveBody}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={guard.stay} data-autofocus>
              {T.leaveStay}
            </Button>
            <Button color="red" onClick={guard.leave} data-testid="article-leave-confirm">
              {T.leaveGo}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}

function CoverField({
  url,
  uploading,
  error,
  onChoose,
  onRemove,
}: {
  url: string | null;
  uploading: boolean;
  error: string | undefined;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}) {
  return (
    <Stack gap={6}>
      <Box>
        <Text size="sm" fw={500} id="article-cover-label">
          {T.cover}
        </Text>
        <Text size="xs" c="dimmed">
          {T.coverDescription}
        </Text>
      </Box>
      {url ? (
        <Box maw={420}>
          <AppImage
            src={url}
            alt={T.coverAlt}
            className="sapa-article-cover"
            data-testid="article-cover-preview"
          />
        </Box>
      ) : null}
      <Group gap="sm">
        <FileButton onChange={onChoose} accept={COVER_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={url ? <IconPhoto size={16} aria-hidden /> : <IconUpload size={16} aria-hidden />}
              loading={uploading}
              aria-describedby="article-cover-label"
              data-testid="article-cover-choose"
            >
              {uploading ? T.coverUploading : url ? T.coverReplace : T.coverChoose}
            </Button>
          )}
        </FileButton>
        {url ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onRemove}
            data-testid="article-cover-remove"
          >
            {T.coverRemove}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert" data-testid="article-cover-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="article-form-loading">
      <Skeleton h={16} w={180} radius="sm" />
      <Skeleton h={32} w="40%" radius="sm" />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Skeleton h={36} radius="sm" />
          <Skeleton h={36} radius="sm" />
          <Skeleton h={120} radius="sm" />
          <Skeleton h={300} radius="sm" />
        </Stack>
      </Paper>
    </Stack>
  );
}
