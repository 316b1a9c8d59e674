import { useState } from 'react';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { BILLING_MESSAGES, t, type Transaction } from '@sapa/contracts';
import { ProofFile } from '../../components/proof-file';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { fetchProof, useUploadProof } from '../../resources/transaction/transaction-queries';
import { PROOF_ACCEPT, proofProblem } from './transaction-format';
import { TX_TEXT } from './transaction-strings';

/**
 * A pending bank transfer's proof: the uploaded one (name, size, 'Lihat bukti'), and a file to send
 * or replace it with. The type and the size are checked here first (BILLING_MESSAGES), so a wrong
 * file never leaves the browser.
 */
export function ProofUpload({ tx }: { tx: Transaction }) {
  const toast = useToast();
  const upload = useUploadProof(tx._id);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (next: File | null) => {
    setFile(next);
    setError(next ? proofProblem(next) : null);
  };

  const send = () => {
    if (!file) return setError(BILLING_MESSAGES.proofRequired);
    const problem = proofProblem(file);
    if (problem) return setError(problem);
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        toast.show({ title: t('common.success'), message: TX_TEXT.uploaded, type: 'success' });
      },
      onError: (failure) => setError(errorMessage(failure, BILLING_MESSAGES.proofUploadFailed)),
    });
  };

  return (
    <Stack gap="sm" data-testid="proof-upload">
      <Text fw={650}>{TX_TEXT.proofHeading}</Text>
      {tx.proof ? <ProofFile proof={tx.proof} fetchFile={() => fetchProof(tx._id)} testId="proof" /> : null}
      <FileInput
        label={TX_TEXT.proofLabel}
        description={TX_TEXT.proofDescription}
        placeholder={TX_TEXT.proofPlaceholder}
        accept={PROOF_ACCEPT}
        value={file}
        onChange={choose}
        error={error}
        clearable
        clearButtonProps={{ 'aria-label': 'Hapus pilihan file' }}
        leftSection={<IconUpload size={16} aria-hidden />}
        data-testid="proof-input"
      />
      <Group>
        <Button
          onClick={send}
          loading={upload.isPending}
          disabled={!file || !!error}
          data-testid="proof-submit"
        >
          {TX_TEXT.upload}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {TX_TEXT.adminNote}
      </Text>
    </Stack>
  );
}
