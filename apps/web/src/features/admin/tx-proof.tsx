import { Stack, Text, Title } from '@mantine/core';
import type { Transaction } from '@sapa/contracts';
import { ProofFile } from '../../components/proof-file';
import { fetchAdminProof } from '../../resources/admin/admin-payments';
import { TX_TEXT } from './tx-strings';

/**
 * A bank transfer's proof: its name, size and time, and 'Lihat bukti'. It is fetched with the session
 * token; an image opens in a dialog, a PDF is saved (the page's CSP rules out embedding one).
 */
export function TxProof({ tx }: { tx: Transaction }) {
  const proof = tx.proof;
  return (
    <Stack gap="xs" data-testid="tx-proof">
      <Title order={3} fz="sm" fw={650}>
        {TX_TEXT.proofHeading}
      </Title>
      {proof ? (
        <ProofFile proof={proof} fetchFile={() => fetchAdminProof(tx._id)} testId="tx-proof" />
      ) : (
        <Text size="sm" c="dimmed" data-testid="tx-proof-none">
          {TX_TEXT.proofNone}
        </Text>
      )}
    </Stack>
  );
}
