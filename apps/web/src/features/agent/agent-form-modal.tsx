import { useState } from 'react';
import { Alert, PasswordInput, Switch, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { t, type Agent } from '@sapa/contracts';
import { FormModal, ModalForm } from '../../components/form-modal';
import { FormPhoneField } from '../../components/form-phone-field';
import { useToast } from '../../components/toast/use-toast';
import { useFormFailure } from '../../components/use-form-failure';
import { useZodForm } from '../../lib/use-zod-form';
import {
  createAgentForm,
  editAgentForm,
  editValuesOf,
  EMPTY_CREATE_VALUES,
  toCreateBody,
  toUpdateBody,
} from './agent-form';
import { useCreateAgent, useUpdateAgent } from '../../resources/agent/agent-queries';
import { AGENT_TEXT } from './agent-strings';

export interface AgentFormModalProps {
  opened: boolean;
  /** the agent being edited; null adds a new one */
  agent: Agent | null;
  onClose: () => void;
  /**
   * After a save: the stored agent and whether a code was just mailed (a new agent, or a new email),
   * so the page can open the verification modal straight away.
   */
  onSaved: (agent: Agent, codeSent: boolean) => void;
}

/** 'Tambah Agen' / 'Ubah Agen' in a modal; the form's content is mounted fresh each time it opens. */
export function AgentFormModal({ opened, agent, onClose, onSaved }: AgentFormModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={agent ? AGENT_TEXT.editTitle : AGENT_TEXT.addTitle}
      size="md"
      largeTitle
    >
      {agent ? (
        <EditAgentForm key={agent._id} agent={agent} onClose={onClose} onSaved={onSaved} />
      ) : (
        <CreateAgentForm onClose={onClose} onSaved={onSaved} />
      )}
    </FormModal>
  );
}

type FormProps = Pick<AgentFormModalProps, 'onClose' | 'onSaved'>;

function CreateAgentForm({ onClose, onSaved }: FormProps) {
  const toast = useToast();
  const failed = useFormFailure();
  const form = useZodForm(EMPTY_CREATE_VALUES);
  const create = useCreateAgent();

  const onSubmit = () => {
    const data = form.validate(createAgentForm);
    if (!data) return;
    const { body, errors } = toCreateBody(data);
    if (!body) {
      for (const [name, message] of Object.entries(errors)) {
        form.setFieldError(name as keyof typeof EMPTY_CREATE_VALUES & string, message);
      }
      return;
    }
    create.mutate(body, {
      onSuccess: ({ message, agent }) => {
        toast.show({ title: t('common.success'), message, type: 'success' });
        onSaved(agent, true);
      },
      onError: (error) => failed(form, error),
    });
  };

  return (
    <ModalForm
      onSubmit={onSubmit}
      pending={create.isPending}
      formError={form.formError}
      onCancel={onClose}
      cancelLabel={AGENT_TEXT.cancel}
      submitLabel={AGENT_TEXT.save}
      data-testid="agent-form"
      data-mode="create"
      header={
        <Text size="sm" c="dimmed">
          {AGENT_TEXT.addNotice}
        </Text>
      }
    >
      <TextInput label="Nama" autoComplete="off" data-autofocus {...form.getInputProps('name')} />
      <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
      <FormPhoneField form={form} />
      <PasswordInput
        label="Kata Sandi"
        description={AGENT_TEXT.passwordHint}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
    </ModalForm>
  );
}

function EditAgentForm({ agent, onClose, onSaved }: FormProps & { agent: Agent }) {
  const toast = useToast();
  const failed = useFormFailure();
  const form = useZodForm(editValuesOf(agent));
  // a boolean beside the string fields of the form (issue 24 part 5)
  const [canViewReports, setCanViewReports] = useState(agent.canViewReports);
  const update = useUpdateAgent();
  const emailChanged = form.values.email.trim().toLowerCase() !== agent.email;

  const onSubmit = () => {
    const data = form.validate(editAgentForm);
    if (!data) return;
    update.mutate(
      { id: agent._id, body: toUpdateBody(data, canViewReports) },
      {
        onSuccess: ({ message, agent: saved }) => {
          toast.show({ title: t('common.success'), message, type: 'success' });
          onSaved(saved, agent.isVerified && !saved.isVerified);
        },
        onError: (error) => failed(form, error),
      },
    );
  };

  return (
    <ModalForm
      onSubmit={onSubmit}
      pending={update.isPending}
      formError={form.formError}
      onCancel={onClose}
      cancelLabel={AGENT_TEXT.cancel}
      submitLabel={AGENT_TEXT.save}
      data-testid="agent-form"
      data-mode="edit"
    >
      <TextInput label="Nama" autoComplete="off" data-autofocus {...form.getInputProps('name')} />
      <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
      {emailChanged && agent.isVerified ? (
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />} p="xs" role="note">
          <Text size="xs">{AGENT_TEXT.emailChangeNotice}</Text>
        </Alert>
      ) : null}
      <TextInput label="Nomor Telepon" value={`+${agent.phone}`} readOnly variant="filled" />
      <PasswordInput
        label={AGENT_TEXT.newPassword}
        description={AGENT_TEXT.newPasswordHint}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <Switch
        label={AGENT_TEXT.canViewReports}
        description={AGENT_TEXT.canViewReportsHint}
        checked={canViewReports}
        onChange={(event) => setCanViewReports(event.currentTarget.checked)}
        data-testid="agent-can-view-reports"
      />
    </ModalForm>
  );
}
