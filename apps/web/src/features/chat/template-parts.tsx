import { Fragment, useRef, type KeyboardEvent } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconSearch, IconTemplate } from '@tabler/icons-react';
import { INTEGRATION_MESSAGES, interpolate, pricingCategoryName, type CloudTemplate } from '@sapa/contracts';
import { EmptyState, LoadFailed, NotFoundState } from '../../components/list-states';
import { errorMessage } from '../../lib/api-error';
import type { CloudTemplatesQuery } from '../../resources/chat/cloud-templates';
import { CHAT_STRINGS as S } from './chat-strings';
import { languageName, matchesTemplate, templateParts } from './cloud-template';
import './template-picker.css';

/*
 * issue 25: the pieces of a WhatsApp Cloud API template chooser, shared by the room's picker (a chat
 * outside its window) and the start-chat dialog (a Cloud API sender): the approved templates with
 * their list states, the picked one's preview filled live, and one required 'Isian n' per {{n}}.
 */

const CATEGORY_COLORS: Record<string, string> = {
  marketing: 'grape',
  utility: 'blue',
  authentication: 'teal',
};

/** A template's category (in Indonesian) and language, as small badges. */
function TemplateTags({ template }: { template: CloudTemplate }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        size="sm"
        radius="sm"
        variant="light"
        tt="none"
        color={CATEGORY_COLORS[template.category.toLowerCase()] ?? 'gray'}
        data-testid="template-category"
      >
        {pricingCategoryName(template.category)}
      </Badge>
      <Badge
        size="sm"
        radius="sm"
        variant="outline"
        color="gray"
        tt="none"
        title={template.language}
        data-testid="template-language"
      >
        {languageName(template.language)}
      </Badge>
    </Group>
  );
}

/** Moves the focus between the search box and the options with the arrow keys. */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLElement | null) {
  if (!list || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
  const options = [...list.querySelectorAll<HTMLElement>('[data-template-option]')];
  if (!options.length) return;
  event.preventDefault();
  const at = options.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? options[Math.min(at + 1, options.length - 1)]
      : at <= 0
        ? null
        : options[at - 1];
  if (next) next.focus();
  else list.closest('[data-template-list-root]')?.querySelector<HTMLElement>('input')?.focus();
}

export interface TemplateChoicesProps {
  /** the approved templates (the chat's or the sender's) */
  query: CloudTemplatesQuery;
  search: string;
  onSearch: (value: string) => void;
  onPick: (template: CloudTemplate) => void;
  /** the search box takes the focus when shown (the room's picker opens on it) */
  autoFocus?: boolean;
}

/**
 * The approved templates, searched by name (the arrow keys move between the box and the options):
 * a skeleton while loading, a retry after a failure, and a hint to create one when there is none.
 */
export function TemplateChoices({
  query,
  search,
  onSearch,
  onPick,
  autoFocus = false,
}: TemplateChoicesProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const docs = query.data?.docs ?? [];
  const shown = docs.filter((template) => matchesTemplate(template, search));

  let content;
  if (query.isPending) {
    content = (
      <Stack
        gap="xs"
        role="status"
        aria-busy="true"
        aria-label={S.templateLoading}
        data-testid="template-loading"
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <div role="alert">
        <LoadFailed
          text={errorMessage(query.error, S.templateLoadFailed)}
          onRetry={() => void query.refetch()}
          testId="template-load-failed"
        />
      </div>
    );
  } else if (!docs.length) {
    content = (
      <EmptyState
        icon={IconTemplate}
        title={S.templateEmpty}
        hint={S.templateEmptyHint}
        testId="template-empty"
      />
    );
  } else if (!shown.length) {
    content = <NotFoundState title={S.templateNoMatch} testId="template-no-match" />;
  } else {
    content = (
      <ul
        ref={listRef}
        className="sapa-template-list"
        aria-label={S.templateListLabel}
        onKeyDown={(event) => moveFocus(event, listRef.current)}
        data-testid="template-list"
      >
        {shown.map((template) => (
          <li key={`${template.name}:${template.language}`}>
            <UnstyledButton
              className="sapa-template-option"
              data-template-option
              onClick={() => onPick(template)}
              data-testid="template-option"
            >
              <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
                <Text fw={600} size="sm" className="sapa-template-name">
                  {template.name}
                </Text>
                <TemplateTags template={template} />
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {template.body}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="sm" data-template-list-root>
      <TextInput
        label={S.templateSearchLabel}
        placeholder={S.templateSearchPlaceholder}
        leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        onKeyDown={(event) => {
          // a search box inside a form (the start-chat dialog) must not submit it
          if (event.key === 'Enter') event.preventDefault();
          moveFocus(event, listRef.current);
        }}
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        autoFocus={autoFocus}
        data-template-search
        data-testid="template-search"
      />
      {content}
    </Stack>
  );
}

/** The message as the customer will see it: header, body with the values typed so far, footer. */
function TemplatePreview({ template, values }: { template: CloudTemplate; values: readonly string[] }) {
  return (
    <section className="sapa-template-preview" aria-label={S.templatePreview} data-testid="template-preview">
      {template.header ? <p className="sapa-template-preview-header">{template.header}</p> : null}
      <p className="sapa-template-preview-body">
        {templateParts(template.body, values).map((part, i) =>
          'text' in part ? (
            <Fragment key={i}>{part.text}</Fragment>
          ) : (
            <mark key={i} className="sapa-template-slot" data-filled={part.value.trim() ? true : undefined}>
              {part.value.trim() ? part.value : `{{${part.n}}}`}
            </mark>
          ),
        )}
      </p>
      {template.footer ? <p className="sapa-template-preview-footer">{template.footer}</p> : null}
    </section>
  );
}

/** The picked template: 'Pilih template lain', its name and tags, and its preview. */
export function TemplatePicked({
  template,
  values,
  onBack,
  backDisabled = false,
}: {
  template: CloudTemplate;
  values: readonly string[];
  onBack: () => void;
  backDisabled?: boolean;
}) {
  return (
    <Stack gap="xs">
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} stroke={1.8} aria-hidden />}
          onClick={onBack}
          disabled={backDisabled}
          data-template-back
          data-testid="template-back"
        >
          {S.templateBack}
        </Button>
      </div>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={650} className="sapa-template-name" data-testid="template-picked">
          {template.name}
        </Text>
        <TemplateTags template={template} />
      </Group>
      <TemplatePreview template={template} values={values} />
    </Stack>
  );
}

/** One required 'Isian n' per {{n}}, or a line saying the template needs none. */
export function TemplateParameterFields({
  template,
  values,
  errors,
  onChange,
}: {
  template: CloudTemplate;
  values: readonly string[];
  errors: readonly (string | null)[];
  onChange: (index: number, value: string) => void;
}) {
  if (template.parameterCount === 0) {
    return (
      <Text size="sm" c="dimmed">
        {S.templateNoParameters}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {interpolate(INTEGRATION_MESSAGES.templateParameters, { count: template.parameterCount })}
      </Text>
      {values.map((value, i) => (
        <TextInput
          key={i}
          label={interpolate(S.templateParameter, { n: i + 1 })}
          withAsterisk
          aria-required
          value={value}
          error={errors[i]}
          autoComplete="off"
          data-parameter={i + 1}
          onChange={(event) => onChange(i, event.currentTarget.value)}
        />
      ))}
    </Stack>
  );
}
