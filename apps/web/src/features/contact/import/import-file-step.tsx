import { useRef, useState, type DragEvent } from 'react';
import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { CONTACT_MESSAGES, type ContactImport, WEB_MESSAGES } from '@sapa/contracts';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { IMPORT_ACCEPT, IMPORT_MAX_BYTES, uploadImportFile } from './import-api';
import { IMPORT_TEXT } from './import-strings';

/** What the server would refuse about a file before it is sent: its type or its size. */
export function checkImportFile(file: File): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return CONTACT_MESSAGES.importFileType;
  if (file.size > IMPORT_MAX_BYTES) return CONTACT_MESSAGES.importTooLarge;
  if (file.size === 0) return CONTACT_MESSAGES.importFileEmpty;
  return null;
}

/**
 * Step 1: an .xlsx or .csv file, dropped on the area or picked with the button; the server reads
 * its header and first rows ('Membaca berkas…').
 */
export function ImportFileStep({ onUploaded }: { onUploaded: (item: ContactImport) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadImportFile });

  const take = (file: File | null | undefined) => {
    if (!file || upload.isPending) return;
    const refused = checkImportFile(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: onUploaded,
      onError: (error) => setProblem(errorMessage(error, WEB_MESSAGES.unexpectedError)),
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="md" data-testid="import-step-file">
      <Text size="sm" c="dimmed">
        {IMPORT_TEXT.fileIntro}
      </Text>
      {problem ? (
        <div data-testid="import-file-error">
          <FormAlert message={problem} />
        </div>
      ) : null}
      <div
        className="sapa-import-drop"
        data-dragging={dragging || undefined}
        data-testid="import-drop"
        onDragOver={(event) => {
          event.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-busy={upload.isPending || undefined}
      >
        {upload.isPending ? (
          <Stack align="center" gap="xs" data-testid="import-uploading" role="status">
            <Loader size="md" />
            <Text fw={600}>{IMPORT_TEXT.reading}</Text>
          </Stack>
        ) : (
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconFileSpreadsheet size={28} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>{IMPORT_TEXT.dropTitle}</Text>
            <Text size="sm" c="dimmed" data-testid="import-file-limit">
              {IMPORT_TEXT.dropHint}
            </Text>
            <Button
              mt="xs"
              leftSection={<IconUpload size={16} />}
              onClick={() => input.current?.click()}
              data-testid="import-choose-file"
            >
              {IMPORT_TEXT.chooseFile}
            </Button>
          </Stack>
        )}
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          className="sapa-visually-hidden-input"
          tabIndex={-1}
          aria-hidden
          data-testid="import-file-input"
          onChange={(event) => {
            take(event.currentTarget.files?.[0]);
            // the same file may be picked again after a refusal
            event.currentTarget.value = '';
          }}
        />
      </div>
    </Stack>
  );
}
