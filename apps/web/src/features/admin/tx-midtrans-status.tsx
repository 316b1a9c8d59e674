import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { t, WEB_MESSAGES } from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import { useMidtransStatus } from '../../resources/admin/admin-payments';
import { TX_TEXT } from './tx-strings';

/**
 * 'Cek status di Midtrans': Midtrans' raw answer for the order, pretty-printed. Asking also brings
 * the purchase up to date on the server, so the drawer and the list are read again.
 */
export function TxMidtransStatus({ id }: { id: string }) {
  const check = useMidtransStatus();
  // the answer belongs to the purchase it was asked for
  const answer = check.variables === id ? check.data : undefined;
  const failure = check.variables === id && check.isError ? check.error : null;
  return (
    <Stack gap="xs" data-testid="tx-midtrans">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="sm" fw={650}>
          {TX_TEXT.midtransHeading}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => check.mutate(id)}
          loading={check.isPending}
          data-testid="tx-midtrans-check"
        >
          {answer ? TX_TEXT.midtransRecheck : TX_TEXT.midtransCheck}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {TX_TEXT.midtransHint}
      </Text>
      {failure ? (
        <FormAlert
          message={`${t('common.failed')}: ${errorMessage(failure, WEB_MESSAGES.unexpectedError)}`}
        />
      ) : null}
      {answer ? (
        // focusable, so the keyboard scrolls a long answer too
        <Code
          block
          tabIndex={0}
          role="region"
          aria-label={TX_TEXT.midtransLabel}
          mah={320}
          data-testid="tx-midtrans-json"
          style={{ overflow: 'auto', whiteSpace: 'pre', fontSize: 'var(--mantine-font-size-xs)' }}
        >
          {JSON.stringify(answer, null, 2)}
        </Code>
      ) : null}
    </Stack>
  );
}
