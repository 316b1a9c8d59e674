import { useEffect, useState } from 'react';
import { Box, Button, Group, Image, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconEye, IconFileCheck } from '@tabler/icons-react';
import { interpolate, t, WEB_MESSAGES, type Transaction } from '@sapa/contracts';
import { safeFileName, saveBlob } from '../lib/api-download';
import { errorMessage } from '../lib/api-error';
import { formatBytes } from '../lib/format-bytes';
import { formatWibTime } from '../lib/wib-time';
import { useToast } from './toast/use-toast';

export type TransferProof = NonNullable<Transaction['proof']>;

const TEXT = {
  meta: '{size} · diunggah {time}',
  view: 'Lihat bukti',
  download: 'Unduh bukti',
  preview: 'Bukti transfer',
  close: 'Tutup',
} as const;

/**
 * An uploaded bank-transfer proof as the owner and the operator see it: its name, size and time,
 * and 'Lihat bukti'. The file is fetched with the session token (`fetchFile`); an image opens in a
 * dialog, a PDF is saved, since the page's CSP (object-src 'none') rules out embedding one.
 * `testId` prefixes the parts' test ids ('proof' gives proof-name, proof-view, proof-preview).
 */
export function ProofFile({
  proof,
  fetchFile,
  testId,
}: {
  proof: TransferProof;
  fetchFile: () => Promise<Blob>;
  testId: string;
}) {
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
      const blob = await fetchFile();
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
    <Paper withBorder radius="md" p="sm" data-testid={`${testId}-current`}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
          <ThemeIcon variant="light" color="green" size={36} radius="md" aria-hidden>
            <IconFileCheck size={20} />
          </ThemeIcon>
          <Box miw={0}>
            <Text size="sm" fw={600} truncate data-testid={`${testId}-name`}>
              {proof.name}
            </Text>
            <Text size="xs" c="dimmed" data-testid={`${testId}-meta`}>
              {interpolate(TEXT.meta, {
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
          data-testid={`${testId}-view`}
        >
          {image ? TEXT.view : TEXT.download}
        </Button>
      </Group>
      <Modal
        opened={!!preview}
        onClose={() => setPreview(null)}
        title={TEXT.preview}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': TEXT.close }}
        styles={{ title: { fontWeight: 650 } }}
      >
        {preview ? (
          <Stack gap="md" data-testid={`${testId}-preview`}>
            <Image src={preview.url} alt={proof.name} fit="contain" mah="70vh" />
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => saveBlob(preview.blob, fileName)}
              >
                {TEXT.download}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
