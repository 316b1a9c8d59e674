import { useEffect, useState } from 'react';
import { Box, Button, FileInput, Group, Image, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconEye, IconFileCheck, IconUpload } from '@tabler/icons-react';
import { BILLING_MESSAGES, interpolate, t, WEB_MESSAGES, type Transaction } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { saveBlob, safeFileName } from '../../lib/api-download';
import { errorMessage } from '../../lib/api-error';
import { formatWibTime } from '../../lib/wib-time';
import { fetchProof, useUploadProof } from '../../resources/transaction/transaction-queries';
import { formatBytes, PROOF_ACCEPT, proofProblem } from './transaction-format';
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
      {tx.proof ? <UploadedProof tx={tx} proof={tx.proof} /> : null}
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

function UploadedProof({ tx, proof }: { tx: Transaction; proof: NonNullable<Transaction['proof']> }) {
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  // the page's CSP (object-src 'none') rules out an embedded PDF: a PDF is saved, an image shown
  const image = proof.mimetype.startsWith('image/');
  const view = async () => {
    setLoading(true);
    try {
      const blob = await fetchProof(tx._id);
      if (image) setPreview({ blob, url: URL.createObjectURL(blob) });
      else saveBlob(blob, safeFileName(proof.name, 'bukti-transfer.pdf'));
    } catch (failure) {
      toast.show({
        title: t('common.failed'),
        message: errorMessage(failure, WEB_MESSAGES.unexpectedError),
        type: 'error',
      });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="proof-current">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
          <ThemeIcon variant="light" color="green" size={36} radius="md" aria-hidden>
            <IconFileCheck size={20} />
          </ThemeIcon>
          <Box miw={0}>
            <Text size="sm" fw={600} truncate data-testid="proof-name">
              {proof.name}
            </Text>
            <Text size="xs" c="dimmed" data-testid="proof-meta">
              {interpolate(TX_TEXT.proofMeta, {
                size: formatBytes(proof.size),
                time: `${formatWibTime(proof.uploadedAt)} WIB`,
              })}
            </Text>
          </Box>
        </Group>
        <Button
          variant="light"
          size="sm"
          leftSection={image ? <IconEye size={16} /> : <IconDownload size={16} />}
          onClick={() => void view()}
          loading={loading}
          data-testid="proof-view"
        >
          {image ? TX_TEXT.viewProof : TX_TEXT.downloadProofFile}
        </Button>
      </Group>
      <Modal
        opened={!!preview}
        onClose={() => setPreview(null)}
        title={TX_TEXT.proofPreview}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Tutup' }}
        styles={{ title: { fontWeight: 650 } }}
      >
        {preview ? (
          <Stack gap="md" data-testid="proof-preview">
            <Image src={preview.url} alt={proof.name} fit="contain" mah="70vh" />
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => saveBlob(preview.blob, safeFileName(proof.name, 'bukti-transfer'))}
              >
                {TX_TEXT.downloadProof}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
