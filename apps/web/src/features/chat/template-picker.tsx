import { useEffect, useRef, useState } from 'react';
import type { CloudTemplate } from '@sapa/contracts';
import { FormModal, ModalForm } from '../../components/form-modal';
import { useCloudTemplates } from '../../resources/chat/cloud-templates';
import { CHAT_STRINGS as S } from './chat-strings';
import { templateContent } from './cloud-template';
import type { OutgoingContent, SendOutcome } from './send-content';
import { TemplateChoices, TemplateParameterFields, TemplatePicked } from './template-parts';
import { useTemplateChoice } from './use-template-choice';

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
  const query = useCloudTemplates(chatId, opened);
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
  return <TemplateChoices query={query} search={search} onSearch={setSearch} onPick={setPicked} autoFocus />;
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
  const choice = useTemplateChoice(template);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // the picked option is gone: the focus moves to the first value to type, else to 'Kirim template'
  useEffect(() => {
    rootRef.current?.querySelector<HTMLElement>('input, button[type="submit"]')?.focus();
  }, []);

  const submit = async () => {
    const firstBad = choice.check();
    if (firstBad >= 0) {
      rootRef.current?.querySelector<HTMLElement>(`[data-parameter="${firstBad + 1}"]`)?.focus();
      return;
    }
    setPending(true);
    setFormError(null);
    const outcome = await onSend(templateContent(template, choice.values));
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
          <TemplatePicked template={template} values={choice.values} onBack={onBack} backDisabled={pending} />
        }
      >
        <TemplateParameterFields
          template={template}
          values={choice.values}
          errors={choice.errors}
          onChange={choice.setValue}
        />
      </ModalForm>
    </div>
  );
}
