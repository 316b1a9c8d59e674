import { useEffect, useState } from 'react';
import { Box, Button, Group, Image, Modal, Paper, Stack, Text, Title, ThemeIcon } from '@mantine/core';
import { IconDownload, IconEye, IconFileCheck } from '@tabler/icons-react';
import { interpolate, t, WEB_MESSAGES, type Transaction } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { safeFileName, saveBlob } from '../../lib/api-download';
import { errorMessage } from '../../lib/api-error';
import { formatWibTime } from '../../lib/wib-time';
import { fetchAdminProof } from '../../resources/admin/admin-payments';
import { TX_TEXT } from './tx-strings';

type Proof = NonNullable<Transaction['proof']>;

/** A file size as people read it: '820 KB', '1,4 MB'. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB`;
}

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
        <ProofFile id={tx._id} proof={proof} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="tx-proof-none">
          {TX_TEXT.proofNone}
        </Text>
      )}
    </Stack>
  );
}

function ProofFile({ id, proof }: { id: string; proof: Proof }) {
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<{ blob: Blob; url: string } | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const image = proof.mimetype.startsWith('image/');
  const fileName = safeFileName(proof.name, image ? 'bukti-transfer' : 'bukti-transfer.pdf');
  const view = async () => {
    setLoading(true);
    try {
      const blob = await fetchAdminProof(id);
      if (image) setPreview({ blob, url: URL.createObjectURL(blob) });
      else saveBlob(blob, fileName);
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
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
          <ThemeIcon variant="light" color="green" size={36} radius="md" aria-hidden>
            <IconFileCheck size={20} />
          </ThemeIcon>
          <Box miw={0}>
            <Text size="sm" fw={600} truncate data-testid="tx-proof-name">
              {proof.name}
            </Text>
            <Text size="xs" c="dimmed">
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
          data-testid="tx-proof-view"
        >
          {image ? TX_TEXT.viewProof : TX_TEXT.downloadProof}
        </Button>
      </Group>
      <Modal
        opened={!!preview}
        onClose={() => setPreview(null)}
        title={TX_TEXT.proofPreview}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': TX_TEXT.close }}
        styles={{ title: { fontWeight: 650 } }}
      >
        {preview ? (
          <Stack gap="md" data-testid="tx-proof-preview">
            <Image src={preview.url} alt={proof.name} fit="contain" mah="70vh" />
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => saveBlob(preview.blob, fileName)}
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
