import { useState } from 'react';
import { ActionIcon, Button, CopyButton, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconChevronDown, IconCopy, IconCash, IconCircleCheck, IconX } from '@tabler/icons-react';
import { formatRupiah, interpolate, reasonBody, t, WEB_MESSAGES, withdrawalPaidBody } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import {
  useApproveWithdrawal,
  usePayWithdrawal,
  useRejectWithdrawal,
  type AdminWithdrawal,
} from '../../resources/admin/admin-payments';
import { AFFILIATE_TEXT } from './affiliate-strings';
import { TxConfirmDialog } from './tx-confirm-dialog';
import { TxReasonDialog } from './tx-reason-dialog';

type Dialog = 'approve' | 'pay' | 'reject' | null;

function CopyIcon({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? AFFILIATE_TEXT.copied : label}>
          <ActionIcon
            size={32}
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={copied ? AFFILIATE_TEXT.copied : label}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * What the operator may do with a withdrawal still open: approve a requested one, mark a requested
 * or approved one paid (with the bank transfer's reference), or reject it with a reason the owner
 * reads. Paid and rejected ones are done.
 */
export function WithdrawalActions({ w }: { w: AdminWithdrawal }) {
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const approve = useApproveWithdrawal();
  const pay = usePayWithdrawal();
  const reject = useRejectWithdrawal();
  if (w.status !== 'requested' && w.status !== 'approved') return null;

  const amount = formatRupiah(w.amount);
  const account = { bank: w.bankName, account: w.accountNumber, holder: w.accountHolder };
  return (
    <>
      <Menu position="bottom-end" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={interpolate(AFFILIATE_TEXT.actionsLabel, { owner: w.owner.name })}
            data-testid="withdrawal-actions"
          >
            {AFFILIATE_TEXT.actions}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {w.status === 'requested' ? (
            <Menu.Item
              leftSection={<IconCircleCheck size={16} aria-hidden />}
              onClick={() => setDialog('approve')}
              data-testid="withdrawal-approve"
            >
              {AFFILIATE_TEXT.approve}
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={<IconCash size={16} aria-hidden />}
            onClick={() => setDialog('pay')}
            data-testid="withdrawal-pay"
          >
            {AFFILIATE_TEXT.pay}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setDialog('reject')}
            data-testid="withdrawal-reject"
          >
            {AFFILIATE_TEXT.reject}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <TxConfirmDialog
        opened={dialog === 'approve'}
        title={AFFILIATE_TEXT.approveTitle}
        confirmLabel={AFFILIATE_TEXT.approveSubmit}
        pending={approve.isPending}
        onConfirm={() =>
          approve.mutate(w._id, {
            onSuccess: () => {
              setDialog(null);
              toast.show({ title: t('common.success'), message: AFFILIATE_TEXT.approved, type: 'success' });
            },
            onError: (failure) => {
              setDialog(null);
              toast.show({
                title: t('common.failed'),
                message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
                type: 'error',
              });
            },
          })
        }
        onClose={() => setDialog(null)}
        testId="withdrawal-approve-dialog"
      >
        <Text size="sm">
          {interpolate(AFFILIATE_TEXT.approveBody, { amount, owner: w.owner.name, ...account })}
        </Text>
      </TxConfirmDialog>

      <TxReasonDialog
        opened={dialog === 'pay'}
        onClose={() => setDialog(null)}
        title={AFFILIATE_TEXT.payTitle}
        intro={
          <Stack gap="xs">
            <Text size="sm">{interpolate(AFFILIATE_TEXT.payIntro, { amount })}</Text>
            <Paper withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={700}>
                    {amount}
                  </Text>
                  <CopyIcon value={String(w.amount)} label={AFFILIATE_TEXT.copyAmount} />
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {w.bankName} {w.accountNumber}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {interpolate(AFFILIATE_TEXT.accountOf, { holder: w.accountHolder })}
                    </Text>
                  </Stack>
                  <CopyIcon value={w.accountNumber} label={AFFILIATE_TEXT.copyAccount} />
                </Group>
              </Stack>
            </Paper>
          </Stack>
        }
        field="transferReference"
        label={AFFILIATE_TEXT.payReference}
        placeholder={AFFILIATE_TEXT.payReferencePlaceholder}
        submitLabel={AFFILIATE_TEXT.paySubmit}
        parse={(transferReference) => withdrawalPaidBody.safeParse({ transferReference })}
        send={(body, callbacks) => pay.mutate({ id: w._id, ...body }, callbacks)}
        success={AFFILIATE_TEXT.paid}
        pending={pay.isPending}
        testId="withdrawal-pay-dialog"
      />

      <TxReasonDialog
        opened={dialog === 'reject'}
        onClose={() => setDialog(null)}
        title={AFFILIATE_TEXT.rejectTitle}
        intro={
          <Text size="sm">{interpolate(AFFILIATE_TEXT.rejectBody, { amount, owner: w.owner.name })}</Text>
        }
        field="reason"
        label={AFFILIATE_TEXT.rejectReason}
        placeholder={AFFILIATE_TEXT.rejectPlaceholder}
        multiline
        submitLabel={AFFILIATE_TEXT.rejectSubmit}
        parse={(reason) => reasonBody.safeParse({ reason })}
        send={(body, callbacks) => reject.mutate({ id: w._id, ...body }, callbacks)}
        success={AFFILIATE_TEXT.rejected}
        pending={reject.isPending}
        testId="withdrawal-reject-dialog"
      />
    </>
  );
}
