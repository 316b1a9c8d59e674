import { useEffect, useRef, useState } from 'react';
import { Modal, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { t, type ContactGroup, type ContactImport, interpolate } from '@sapa/contracts';
import { useToast } from '../../../components/toast/use-toast';
import { refreshGroups } from '../../../resources/group/group-queries';
import { CONTACT_TEXT, formatCount } from '../contact-strings';
import { fetchImport, isImportActive } from './import-api';
import { ImportFileStep } from './import-file-step';
import { ImportMappingStep } from './import-mapping-step';
import { ImportProgressStep, ImportSummaryStep } from './import-progress-step';
import { IMPORT_TEXT } from './import-strings';
import '../contact.css';

/** How often the progress is asked for while the server works. */
export const IMPORT_POLL_MS = 1000;

const importKey = (id: string) => ['contact-import', id] as const;

type Step = 'file' | 'mapping' | 'progress' | 'summary';
const STEPS: Step[] = ['file', 'mapping', 'progress', 'summary'];

function stepOf(item: ContactImport | undefined): Step {
  if (!item) return 'file';
  if (item.state === 'ready') return 'mapping';
  return isImportActive(item.state) ? 'progress' : 'summary';
}

export interface ImportWizardProps {
  opened: boolean;
  onClose: () => void;
  /** opened from a group: that group is the target already */
  group?: ContactGroup | null;
  pollMs?: number;
}

/**
 * 'Impor Excel': choose a file, map its columns, watch the progress, read the summary. It lives on
 * the page, not in the modal: closing the modal while the server imports keeps asking for the
 * progress, and when the import ends the groups are read again (with a toast if the modal is
 * closed). Opening it again shows the running import, or starts afresh.
 */
export function ImportWizard({ opened, onClose, group = null, pollMs = IMPORT_POLL_MS }: ImportWizardProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [importId, setImportId] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  const openedRef = useRef(opened);
  useEffect(() => {
    openedRef.current = opened;
  }, [opened]);

  const progress = useQuery({
    queryKey: importKey(importId ?? ''),
    queryFn: async ({ signal }) => {
      const item = await fetchImport(importId ?? '', signal);
      if (!isImportActive(item.state)) finished(item);
      return item;
    },
    enabled: !!importId,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data && isImportActive(query.state.data.state) ? pollMs : false),
    retry: 2,
  });
  const item = importId ? progress.data : undefined;
  const step = stepOf(item);

  // each opening starts afresh unless an import is still running
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened && item && !isImportActive(item.state)) setImportId(null);
  }

  /** The import has ended: counts changed everywhere; say so when nobody is watching. */
  function finished(done: ContactImport) {
    void refreshGroups(queryClient);
    if (openedRef.current) return;
    if (done.state === 'done') {
      toast.show({
        title: t('common.success'),
        message: interpolate(IMPORT_TEXT.backgroundDone, {
          file: done.fileName,
          added: formatCount(done.added),
          updated: formatCount(done.updated),
        }),
        type: 'success',
      });
    } else if (done.state === 'failed') {
      toast.show({
        title: t('common.failed'),
        message: done.error || IMPORT_TEXT.failedTitle,
        type: 'error',
      });
    }
  }

  const show = (next: ContactImport) => {
    queryClient.setQueryData(importKey(next._id), next);
    setImportId(next._id);
    if (next.state !== 'ready' && !isImportActive(next.state)) void refreshGroups(queryClient);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={IMPORT_TEXT.title}
      size="xl"
      fullScreen={narrow}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': CONTACT_TEXT.close }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <div data-testid="import-wizard" data-step={step}>
        <Stepper
          active={STEPS.indexOf(step)}
          size="xs"
          iconSize={28}
          mb="lg"
          className="sapa-import-stepper"
          aria-label={IMPORT_TEXT.title}
        >
          <Stepper.Step label={IMPORT_TEXT.stepFile} />
          <Stepper.Step label={IMPORT_TEXT.stepMapping} />
          <Stepper.Step label={IMPORT_TEXT.stepProgress} loading={step === 'progress'} />
          <Stepper.Step label={IMPORT_TEXT.stepSummary} />
        </Stepper>
        {step === 'file' || !item ? <ImportFileStep onUploaded={show} /> : null}
        {step === 'mapping' && item ? (
          <ImportMappingStep
            key={item._id}
            item={item}
            initialGroup={group}
            onStarted={show}
            onBack={() => setImportId(null)}
          />
        ) : null}
        {step === 'progress' && item ? <ImportProgressStep item={item} onChanged={show} /> : null}
        {step === 'summary' && item ? (
          <ImportSummaryStep
            item={item}
            onViewGroup={(groupId) => {
              onClose();
              void navigate(`/user/contact/broadcast/${encodeURIComponent(groupId)}`);
            }}
            onAgain={() => setImportId(null)}
            onClose={onClose}
          />
        ) : null}
      </div>
    </Modal>
  );
}
