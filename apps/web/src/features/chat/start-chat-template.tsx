import { useEffect, useRef, useState } from 'react';
import { Fieldset, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useAccountCloudTemplates } from '../../resources/chat/cloud-templates';
import { CHAT_STRINGS as S } from './chat-strings';
import { TemplateChoices, TemplateParameterFields, TemplatePicked } from './template-parts';
import type { TemplateChoice } from './use-template-choice';

/** Where the focus goes once the chooser shows the other side: the first value, else 'Pilih template lain'. */
const AFTER_PICK = ['[data-parameter="1"]', '[data-template-back]'];
const AFTER_BACK = ['[data-template-search]'];

export interface StartChatTemplateProps {
  /** the sender, a WhatsApp Cloud API number */
  accountId: string;
  /** the template being chosen, owned by the dialog (it resets it when the sender changes) */
  choice: TemplateChoice;
  /** 'Pilih template pesan terlebih dahulu' after 'Mulai' without one */
  error: string | null;
  onPicked: () => void;
}

/**
 * issue 25: 'Mulai Percakapan' from a Cloud API number, in place of 'Pesan': why (Meta's rule), the
 * number's approved templates, then the picked one's preview filled live from its 'Isian n'.
 */
export function StartChatTemplate({ accountId, choice, error, onPicked }: StartChatTemplateProps) {
  const query = useAccountCloudTemplates(accountId, true);
  const [search, setSearch] = useState('');
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const focusNext = useRef<string[] | null>(null);

  // the focused option (or 'Pilih template lain') is gone: move the focus to what replaced it
  useEffect(() => {
    const selectors = focusNext.current;
    focusNext.current = null;
    if (!selectors) return;
    for (const selector of selectors) {
      const target = rootRef.current?.querySelector<HTMLElement>(selector);
      if (target) {
        target.focus();
        return;
      }
    }
  }, [choice.template]);

  const { template } = choice;
  return (
    <Fieldset
      ref={rootRef}
      variant="unstyled"
      legend={S.startTemplateLegend}
      styles={{
        legend: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 500, marginBottom: 4 },
      }}
      data-testid="start-chat-template"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="start-chat-template-note">
          <IconInfoCircle
            size={16}
            stroke={1.8}
            aria-hidden
            style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
          />
          {S.startTemplateNote}
        </Text>
        {template ? (
          <>
            <TemplatePicked
              template={template}
              values={choice.values}
              onBack={() => {
                focusNext.current = AFTER_BACK;
                choice.pick(null);
              }}
            />
            <TemplateParameterFields
              template={template}
              values={choice.values}
              errors={choice.errors}
              onChange={choice.setValue}
            />
          </>
        ) : (
          <TemplateChoices
            query={query}
            search={search}
            onSearch={setSearch}
            onPick={(picked) => {
              focusNext.current = AFTER_PICK;
              choice.pick(picked);
              onPicked();
            }}
          />
        )}
        {error ? (
          <Text c="red" size="sm" role="alert" data-testid="start-chat-template-error">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
