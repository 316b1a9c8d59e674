import { Fragment, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconSearch, IconTemplate } from '@tabler/icons-react';
import { INTEGRATION_MESSAGES, interpolate, pricingCategoryName, type CloudTemplate } from '@sapa/contracts';
import { EmptyState, LoadFailed, NotFoundState } from '../../components/list-states';
import { FormModal, ModalForm } from '../../components/form-modal';
import { errorMessage } from '../../lib/api-error';
import { useCloudTemplates } from '../../resources/chat/cloud-templates';
import { CHAT_STRINGS as S } from './chat-strings';
import {
  languageName,
  matchesTemplate,
  parameterErrors,
  templateContent,
  templateParts,
} from './cloud-template';
import type { OutgoingContent, SendOutcome } from './send-content';
import './template-picker.css';

export interface TemplatePickerProps {
  chatId: string;
  opened: boolean;
  onClose: () => void;
  /** the room's send path: the pending bubble shows at once, the promise says how it ended */
  onSend: (content: OutgoingContent) => Promise<SendOutcome>;
}

/**
 * issue 25, WhatsApp Cloud API: the approved templates of the chat's number (read from Meta by the
 * server), searched by name; one picked shows its preview with each {{n}} filled live from 'Isian n'
 * (all required), and 'Kirim template' sends it through the room's send path. The dialog closes once
 * the server took it and shows the server's refusal otherwise.
 */
export function TemplatePicker({ chatId, opened, onClose, onSend }: TemplatePickerProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={S.templatePickerTitle}
      size="lg"
      testId="template-picker"
      resetOnOpen
    >
      <PickerFlow chatId={chatId} opened={opened} onClose={onClose} onSend={onSend} />
    </FormModal>
  );
}

function PickerFlow({ chatId, opened, onClose, onSend }: TemplatePickerProps) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<CloudTemplate | null>(null);
  if (picked) {
    return (
      <TemplateForm
        key={`${picked.name}:${picked.language}`}
        template={picked}
        onBack={() => setPicked(null)}
        onClose={onClose}
        onSend={onSend}
      />
    );
  }
  return (
    <TemplateList chatId={chatId} enabled={opened} search={search} onSearch={setSearch} onPick={setPicked} />
  );
}

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

function TemplateList({
  chatId,
  enabled,
  search,
  onSearch,
  onPick,
}: {
  chatId: string;
  enabled: boolean;
  search: string;
  onSearch: (value: string) => void;
  onPick: (template: CloudTemplate) => void;
}) {
  const query = useCloudTemplates(chatId, enabled);
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
        onKeyDown={(event) => moveFocus(event, listRef.current)}
        autoComplete="off"
        data-autofocus
        autoFocus
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

function TemplateForm({
  template,
  onBack,
  onClose,
  onSend,
}: {
  template: CloudTemplate;
  onBack: () => void;
  onClose: () => void;
  onSend: (content: OutgoingContent) => Promise<SendOutcome>;
}) {
  const [values, setValues] = useState<string[]>(() =>
    Array.from({ length: template.parameterCount }, () => ''),
  );
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // the picked option is gone: the focus moves to the first value to type, else to 'Kirim template'
  useEffect(() => {
    rootRef.current?.querySelector<HTMLElement>('input, button[type="submit"]')?.focus();
  }, []);

  const submit = async () => {
    const refusals = parameterErrors(values);
    setErrors(refusals);
    const firstBad = refusals.findIndex(Boolean);
    if (firstBad >= 0) {
      rootRef.current?.querySelector<HTMLElement>(`[data-parameter="${firstBad + 1}"]`)?.focus();
      return;
    }
    setPending(true);
    setFormError(null);
    const outcome = await onSend(templateContent(template, values));
    if (outcome.ok) {
      onClose();
      return;
    }
    setPending(false);
    setFormError(outcome.error);
  };

  return (
    <div ref={rootRef}>
      <ModalForm
        onSubmit={() => void submit()}
        pending={pending}
        formError={formError}
        onCancel={onClose}
        submitLabel={S.templateSend}
        submitTestId="template-send"
        data-testid="template-form"
        header={
          <Stack gap="xs">
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowLeft size={16} stroke={1.8} aria-hidden />}
                onClick={onBack}
                disabled={pending}
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
        }
      >
        {template.parameterCount > 0 ? (
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
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setValues((all) => all.map((v, j) => (j === i ? next : v)));
                  if (errors[i]) setErrors((all) => all.map((e, j) => (j === i ? null : e)));
                }}
              />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {S.templateNoParameters}
          </Text>
        )}
      </ModalForm>
    </div>
  );
}
