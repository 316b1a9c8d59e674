import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { t, type Agent } from '@sapa/contracts';
import { PhoneField } from '../../components/phone-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { useZodForm, type ZodForm } from '../../lib/use-zod-form';
import { WEB_MESSAGES } from '../../lib/web-messages';
import {
  createAgentForm,
  editAgentForm,
  editValuesOf,
  EMPTY_CREATE_VALUES,
  toCreateBody,
  toUpdateBody,
} from './agent-form';
import { useCreateAgent, useUpdateAgent } from './agent-queries';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={agent ? AGENT_TEXT.editTitle : AGENT_TEXT.addTitle}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {agent ? (
        <EditAgentForm key={agent._id} agent={agent} onClose={onClose} onSaved={onSaved} />
      ) : (
        <CreateAgentForm onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

type FormProps = Pick<AgentFormModalProps, 'onClose' | 'onSaved'>;

/** A refusal toasts 'Gagal' with the server's message; the fields it names are marked on the form. */
function useFailure() {
  const toast = useToast();
  return <V extends Record<string, string>>(form: ZodForm<V>, error: unknown) => {
    form.applyServerError(error, WEB_MESSAGES.unexpectedError);
    form.setFormError(null); // the toast says it already
    toast.show({
      title: t('common.failed'),
      message: errorMessage(error, WEB_MESSAGES.unexpectedError),
      type: 'error',
    });
  };
}

function FormButtons({ pending, onClose }: { pending: boolean; onClose: () => void }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onClose} disabled={pending}>
        {AGENT_TEXT.cancel}
      </Button>
      <Button type="submit" loading={pending}>
        {AGENT_TEXT.save}
      </Button>
    </Group>
  );
}

function CreateAgentForm({ onClose, onSaved }: FormProps) {
  const toast = useToast();
  const failed = useFailure();
  const form = useZodForm(EMPTY_CREATE_VALUES);
  const create = useCreateAgent();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
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
    <form onSubmit={onSubmit} noValidate data-testid="agent-form" data-mode="create">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {AGENT_TEXT.addNotice}
        </Text>
        <TextInput label="Nama" autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <PhoneField
          country={form.values.country}
          onCountryChange={(code) => form.setFieldValue('country', code)}
          number={form.values.phone}
          onNumberChange={(value) => form.setFieldValue('phone', value)}
          error={form.errors.phone}
        />
        <PasswordInput
          label="Kata Sandi"
          description={AGENT_TEXT.passwordHint}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <FormButtons pending={create.isPending} onClose={onClose} />
      </Stack>
    </form>
  );
}

function EditAgentForm({ agent, onClose, onSaved }: FormProps & { agent: Agent }) {
  const toast = useToast();
  const failed = useFailure();
  const form = useZodForm(editValuesOf(agent));
  const update = useUpdateAgent();
  const emailChanged = form.values.email.trim().toLowerCase() !== agent.email;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const data = form.validate(editAgentForm);
    if (!data) return;
    update.mutate(
      { id: agent._id, body: toUpdateBody(data) },
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
    <form onSubmit={onSubmit} noValidate data-testid="agent-form" data-mode="edit">
      <Stack gap="md">
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
        <FormButtons pending={update.isPending} onClose={onClose} />
      </Stack>
    </form>
  );
}
