import { useRef, type FormEvent } from 'react';
import { Anchor, Button, Center, Group, Input, Modal, PinInput, Stack, Text } from '@mantine/core';
import { agentVerificationBody, LIMITS, t, type Agent } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useConfig } from '../../lib/use-config';
import { useZodForm } from '../../lib/use-zod-form';
import { WEB_MESSAGES } from '../../lib/web-messages';
import { useResendAgentCode, useVerifyAgent } from './agent-queries';
import { AGENT_TEXT, fillText } from './agent-strings';
import { useCooldown } from '../../lib/use-cooldown';

/** The server refuses a resend within a minute of the last code. */
export const RESEND_COOLDOWN_S = 60;

export interface AgentVerifyModalProps {
  opened: boolean;
  /** the agent to verify (kept while the modal closes) */
  agent: Agent | null;
  /** a code was just mailed: the resend button waits its minute */
  codeJustSent: boolean;
  onClose: () => void;
}

/** 'Verifikasi Agen': the 6-digit code the agent received by email, and 'Kirim Ulang Kode'. */
export function AgentVerifyModal({ opened, agent, codeJustSent, onClose }: AgentVerifyModalProps) {
  return (
    <Modal
      opened={opened && !!agent}
      onClose={onClose}
      title={AGENT_TEXT.verifyTitle}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {agent ? (
        <VerifyForm key={agent._id} agent={agent} codeJustSent={codeJustSent} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function VerifyForm({
  agent,
  codeJustSent,
  onClose,
}: {
  agent: Agent;
  codeJustSent: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const config = useConfig();
  const form = useZodForm({ code: '' });
  const formRef = useRef<HTMLFormElement>(null);
  const [cooldown, startCooldown] = useCooldown(codeJustSent ? RESEND_COOLDOWN_S : 0);
  const verify = useVerifyAgent();
  const resend = useResendAgentCode();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const body = form.validate(agentVerificationBody);
    if (!body) return;
    verify.mutate(
      { id: agent._id, code: body.code },
      {
        onSuccess: ({ message }) => {
          toast.show({ title: t('common.success'), message, type: 'success' });
          onClose();
        },
        onError: (error) => {
          // a wrong code is cleared for the next try, its message shown under the boxes
          if (error instanceof ApiError && error.fields.code) {
            form.setValues({ code: '' });
            formRef.current?.querySelector('input')?.focus();
          }
          form.applyServerError(error, WEB_MESSAGES.unexpectedError);
          form.setFormError(null); // the toast says it already
          toast.show({
            title: t('common.failed'),
            message: errorMessage(error, WEB_MESSAGES.unexpectedError),
            type: 'error',
          });
        },
      },
    );
  };

  const onResend = () =>
    resend.mutate(agent._id, {
      onSuccess: ({ message }) => {
        startCooldown(RESEND_COOLDOWN_S);
        toast.show({ title: t('common.success'), message, type: 'success' });
      },
      onError: (error) => {
        const limited = error instanceof ApiError && error.status === 429;
        const wait = limited ? /(\d+)/.exec(error.message) : null;
        if (wait?.[1]) startCooldown(Number(wait[1]));
        toast.show({
          title: t('common.failed'),
          message: errorMessage(error, WEB_MESSAGES.unexpectedError),
          type: limited ? 'warning' : 'error',
        });
      },
    });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="agent-verify-form">
      <Stack gap="md">
        <Text size="sm">{fillText(AGENT_TEXT.verifyBody, { email: agent.email })}</Text>
        {config.data?.devMailbox ? (
          <Text size="xs" c="dimmed">
            {AGENT_TEXT.devMailboxHint}{' '}
            <Anchor href="/dev/mailbox" target="_blank" rel="noopener" size="xs" fw={600}>
              {AGENT_TEXT.devMailbox}
            </Anchor>
          </Text>
        ) : null}
        <Input.Wrapper label={AGENT_TEXT.codeLabel} error={form.errors.code} labelElement="div">
          <Center
            mt={6}
            onKeyDownCapture={(event) => {
              // PinInput swallows Enter (not a digit); keep Enter-to-submit like every other form.
              if (event.key === 'Enter') {
                event.preventDefault();
                formRef.current?.requestSubmit();
              }
            }}
          >
            <PinInput
              data-testid="agent-verify-code"
              length={LIMITS.verificationCodeLength}
              type="number"
              inputMode="numeric"
              oneTimeCode
              size="md"
              gap={8}
              value={form.values.code}
              // PinInput echoes a value set from outside (the cleared boxes): that must not clear the error
              onChange={(value) => {
                if (value !== form.values.code) form.setFieldValue('code', value);
              }}
              error={!!form.errors.code}
              getInputProps={(index) => ({
                'aria-label': fillText(AGENT_TEXT.codeDigit, { n: index + 1 }),
                ...(index === 0 ? { 'data-autofocus': true } : {}),
              })}
            />
          </Center>
        </Input.Wrapper>
        <Group justify="center" gap={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            {AGENT_TEXT.notReceived}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onResend}
            loading={resend.isPending}
            disabled={cooldown > 0}
            data-testid="agent-verify-resend"
          >
            {AGENT_TEXT.resend}
          </Button>
        </Group>
        {cooldown > 0 ? (
          <Text size="xs" c="dimmed" ta="center" data-testid="agent-resend-cooldown" aria-live="polite">
            {fillText(AGENT_TEXT.resendCooldown, { seconds: cooldown })}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={verify.isPending}>
            {AGENT_TEXT.cancel}
          </Button>
          <Button type="submit" loading={verify.isPending}>
            {AGENT_TEXT.verify}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
