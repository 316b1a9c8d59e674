import { useRef, useState, type FormEvent } from 'react';
import { Button, NativeSelect, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatPhone, INBOX_EXTRA_MESSAGES, t } from '@sapa/contracts';
import { FormModal } from '../../components/form-modal';
import { FormPhoneField } from '../../components/form-phone-field';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { CHAT_STRINGS as S } from './chat-strings';
import {
  CLOUD_PROVIDER,
  NO_DIAL,
  START_CHAT_INITIAL,
  startChatRecipientSchema,
  startChatSchema,
  templateStartBody,
  type RecipientType,
} from './start-chat-form';
import { StartChatContacts } from './start-chat-contacts';
import { StartChatTemplate } from './start-chat-template';
import { useCreateChat } from './use-create-chat';
import { useTemplateChoice } from './use-template-choice';
import { useSenderAccounts } from '../../resources/account/use-sender-accounts';

/** The recipient tabs that pick from a contact list (each mounts its list only while chosen). */
const CONTACT_SOURCES = ['group', 'whatsapp'] as const;

/**
 * 'Mulai Percakapan' (spec §2): sender, recipient, first message; opens the new chat on success. A
 * WhatsApp Cloud API sender's first message is an approved template instead (issue 25).
 */
export function StartChatModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const senders = useSenderAccounts();
  const create = useCreateChat();
  const form = useZodForm(START_CHAT_INITIAL);
  const [recipient, setRecipient] = useState<RecipientType>('manual');
  const choice = useTemplateChoice();
  const [templateError, setTemplateError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const accounts = senders.data ?? [];
  const noSenders = senders.isSuccess && accounts.length === 0;
  const sender = accounts.find((a) => a._id === form.values.accountId);
  const isCloud = sender?.provider === CLOUD_PROVIDER;

  // spec §2: a picked contact's number goes as stored, marked with the 'none' dial
  const pickContact = (phoneNumber: string) => {
    form.setFieldValue('country', NO_DIAL);
    form.setFieldValue('phoneNumber', phoneNumber);
  };

  const resetTemplate = () => {
    choice.pick(null);
    setTemplateError(null);
  };

  const reset = () => {
    form.setValues(START_CHAT_INITIAL);
    setRecipient('manual');
    resetTemplate();
  };

  // issue 25: the sender and phone as usual, then a picked template with every value filled in
  const templateBody = () => {
    const to = form.validate(startChatRecipientSchema);
    const picked = choice.template;
    setTemplateError(picked ? null : S.startTemplateRequired);
    if (!picked) return null;
    const firstBad = choice.check();
    if (firstBad >= 0) {
      if (to) formRef.current?.querySelector<HTMLElement>(`[data-parameter="${firstBad + 1}"]`)?.focus();
      return null;
    }
    return to ? templateStartBody(to, picked, choice.values) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = isCloud ? templateBody() : form.validate(startChatSchema);
    if (!body) return;
    try {
      const chat = await create.mutateAsync(body);
      onClose();
      reset();
      void navigate(`/user/chat/${chat._id}`);
    } catch (error) {
      // spec §8: 'Gagal' with the server's message, else the error's, else 'error create new chat'.
      toast.show({
        title: t('common.failed'),
        message: errorMessage(error, t('chat.createFailedFallback')),
        type: 'error',
      });
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in START_CHAT_INITIAL)
            form.setFieldError(name as keyof typeof START_CHAT_INITIAL, message);
        }
      }
    }
  };

  const senderOptions = [
    {
      value: '',
      label: noSenders ? 'Tidak ada nomor pengirim' : 'Silahkan Pilih Nomor Pengirim',
      disabled: true,
    },
    ...accounts.map((a) => ({
      value: a._id,
      label: `${a.label.name} (${formatPhone(a.label.phoneNumber)})${a.isSandbox ? ' - Sandbox' : ''}`,
    })),
  ];

  return (
    <FormModal opened={opened} onClose={onClose} title="Mulai Percakapan" largeTitle>
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate data-testid="start-chat-form">
        <Stack gap="md">
          <NativeSelect
            label="Nomor Pengirim"
            data={senderOptions}
            value={form.values.accountId}
            onChange={(event) => {
              form.setFieldValue('accountId', event.currentTarget.value);
              // issue 25: templates belong to a number; another sender starts the choice afresh
              resetTemplate();
              // spec §2: another sender has other WhatsApp contacts; a picked one no longer applies
              if (recipient === 'whatsapp') {
                form.setFieldValue('phoneNumber', '');
                form.setFieldValue('country', START_CHAT_INITIAL.country);
              }
            }}
            error={form.errors.accountId}
            disabled={noSenders}
          />
          <Tabs
            value={recipient}
            styles={{ list: { flexWrap: 'nowrap' }, tab: { paddingInline: 8, whiteSpace: 'nowrap' } }}
            onChange={(value) => {
              // spec §2: switching the type resets the phone and the dial code.
              setRecipient((value as RecipientType | null) ?? 'manual');
              form.setFieldValue('phoneNumber', '');
              form.setFieldValue('country', START_CHAT_INITIAL.country);
            }}
          >
            <Tabs.List grow aria-label="Jenis penerima">
              <Tabs.Tab value="manual">Manual</Tabs.Tab>
              <Tabs.Tab value="group">Kontak Grup</Tabs.Tab>
              <Tabs.Tab value="whatsapp">Kontak WhatsApp</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="manual" pt="sm">
              {/* spec §5 refuses a leading 0 here; the hint says so before the error does (issue 21) */}
              <FormPhoneField form={form} field="phoneNumber" description={INBOX_EXTRA_MESSAGES.phoneHint} />
            </Tabs.Panel>
            {CONTACT_SOURCES.map((source) => (
              <Tabs.Panel key={source} value={source} pt="sm">
                {recipient === source ? (
                  <StartChatContacts
                    source={source}
                    accountId={form.values.accountId}
                    selectedPhone={form.values.country === NO_DIAL ? form.values.phoneNumber : ''}
                    onPick={pickContact}
                  />
                ) : null}
              </Tabs.Panel>
            ))}
            {recipient !== 'manual' && form.errors.phoneNumber ? (
              <Text c="red" size="sm" role="alert">
                {form.errors.phoneNumber}
              </Text>
            ) : null}
          </Tabs>
          {isCloud ? (
            <StartChatTemplate
              key={form.values.accountId}
              accountId={form.values.accountId}
              choice={choice}
              error={templateError}
              onPicked={() => setTemplateError(null)}
            />
          ) : (
            <Textarea
              size="md"
              label="Pesan"
              placeholder="Tulis pesan pertama"
              autosize
              minRows={3}
              maxRows={6}
              value={form.values.text}
              onChange={(event) => form.setFieldValue('text', event.currentTarget.value)}
              error={form.errors.text}
            />
          )}
          <Button type="submit" fullWidth loading={create.isPending}>
            Mulai
          </Button>
        </Stack>
      </form>
    </FormModal>
  );
}
