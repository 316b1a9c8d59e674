import { useState, type ReactNode } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import { FormModal, ModalForm, useSaveCallbacks, type SaveCallbacks } from '../../components/form-modal';
import { useServerForm, type ParseResult } from '../../components/use-server-form';

export interface TxReasonDialogProps<Out> {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** above the field: what the action does */
  intro: ReactNode;
  /** the body's one field ('reason', 'transferReference'): the server's field error lands on it */
  field: string;
  label: string;
  placeholder?: string;
  description?: string;
  /** a text area (a reason) rather than one line (a reference) */
  multiline?: boolean;
  submitLabel: string;
  /** the contracts' schema, checked before sending */
  parse: (value: string) => ParseResult<Out>;
  /** sends the body; the callbacks toast `success` and close, or show the refusal */
  send: (body: Out, callbacks: SaveCallbacks<unknown>) => void;
  success: string;
  pending: boolean;
  testId: string;
}

/**
 * An action that needs one text (a rejection's reason, a transfer's reference): the field checked by
 * the contracts' schema before it is sent, the server's refusal under it or above the form.
 */
export function TxReasonDialog<Out>(props: TxReasonDialogProps<Out>) {
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      resetOnOpen
      testId={props.testId}
    >
      <ReasonForm {...props} />
    </FormModal>
  );
}

function ReasonForm<Out>({
  onClose,
  intro,
  field,
  label,
  placeholder,
  description,
  multiline,
  submitLabel,
  parse,
  send,
  success,
  pending,
  testId,
}: TxReasonDialogProps<Out>) {
  const [value, setValue] = useState('');
  const form = useServerForm<string>();
  const saved = useSaveCallbacks(onClose, form.fail);
  const submit = () => {
    const body = form.check(parse(value), field);
    if (body) send(body, saved(success));
  };
  const input = {
    label,
    placeholder,
    description,
    value,
    required: true,
    onChange: (event: { currentTarget: { value: string } }) => {
      form.clearError(field);
      setValue(event.currentTarget.value);
    },
    error: form.errors[field],
    'data-autofocus': true,
    'data-testid': `${testId}-input`,
  };
  return (
    <ModalForm
      onSubmit={submit}
      pending={pending}
      formError={form.formError}
      onCancel={onClose}
      submitLabel={submitLabel}
      submitTestId={`${testId}-submit`}
      header={intro}
    >
      {multiline ? <Textarea {...input} autosize minRows={3} maxRows={6} /> : <TextInput {...input} />}
    </ModalForm>
  );
}
