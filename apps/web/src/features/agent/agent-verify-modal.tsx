import { useRef } from 'react';
import { Text } from '@mantine/core';
import { agentVerificationBody, t, type Agent, interpolate } from '@sapa/contracts';
import { FormModal, ModalForm } from '../../components/form-modal';
import { useToast } from '../../components/toast/use-toast';
import { useFormFailure } from '../../components/use-form-failure';
import { ResendCode, useResendCallbacks, VerificationCodeField } from '../../components/verification-code';
import { ApiError } from '../../lib/api-error';
import { useConfig } from '../../lib/use-config';
import { useCooldown } from '../../lib/use-cooldown';
import { useZodForm } from '../../lib/use-zod-form';
import { useResendAgentCode, useVerifyAgent } from '../../resources/agent/agent-queries';
import { AGENT_TEXT } from './agent-strings';

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
    <FormModal
      opened={opened && !!agent}
      onClose={onClose}
      title={AGENT_TEXT.verifyTitle}
      size="md"
      largeTitle
    >
      {agent ? (
        <VerifyForm key={agent._id} agent={agent} codeJustSent={codeJustSent} onClose={onClose} />
      ) : null}
    </FormModal>
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
  const failed = useFormFailure();
  const config = useConfig();
  const form = useZodForm({ code: '' });
  const boxesRef = useRef<HTMLDivElement>(null);
  const [cooldown, startCooldown] = useCooldown(codeJustSent ? RESEND_COOLDOWN_S : 0);
  const verify = useVerifyAgent();
  const resend = useResendAgentCode();
  const resendCallbacks = useResendCallbacks(startCooldown, RESEND_COOLDOWN_S);

  const onSubmit = () => {
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
            boxesRef.current?.querySelector('input')?.focus();
          }
          failed(form, error);
        },
      },
    );
  };

  return (
    <ModalForm
      onSubmit={onSubmit}
      pending={verify.isPending}
      formError={form.formError}
      onCancel={onClose}
      cancelLabel={AGENT_TEXT.cancel}
      submitLabel={AGENT_TEXT.verify}
      spacedActions={false}
      data-testid="agent-verify-form"
      header={
        <>
          <Text size="sm">{interpolate(AGENT_TEXT.verifyBody, { email: agent.email })}</Text>
          {config.data?.devMailbox ? (
            <Text size="xs" c="dimmed">
              {AGENT_TEXT.devMailboxHint}
            </Text>
          ) : null}
        </>
      }
    >
      <VerificationCodeField
        ref={boxesRef}
        label={AGENT_TEXT.codeLabel}
        testId="agent-verify-code"
        autoFocus="modal"
        value={form.values.code}
        // PinInput echoes a value set from outside (the cleared boxes): that must not clear the error
        onChange={(value) => {
          if (value !== form.values.code) form.setFieldValue('code', value);
        }}
        error={form.errors.code}
        digitLabel={(n) => interpolate(AGENT_TEXT.codeDigit, { n })}
      />
      <ResendCode
        prompt={AGENT_TEXT.notReceived}
        label={AGENT_TEXT.resend}
        onResend={() => resend.mutate(agent._id, resendCallbacks)}
        pending={resend.isPending}
        cooldown={cooldown}
        cooldownText={interpolate(AGENT_TEXT.resendCooldown, { seconds: cooldown })}
        cooldownTestId="agent-resend-cooldown"
        buttonTestId="agent-verify-resend"
        wrap="wrap"
      />
    </ModalForm>
  );
}
