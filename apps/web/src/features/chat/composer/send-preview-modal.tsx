import { documentSizeKb, LIMITS, type MediaFields } from '@sapa/contracts';
import { CaptionStepModal, PreviewBody, useObjectUrl } from '../../../components/composer/send-preview';
import type { FileKind } from '../send-content';

/** A file picked in the composer, or a template's stored media, waiting for its caption. */
export type MediaDraft =
  { kind: FileKind; file: File; caption: string } | { kind: FileKind; stored: MediaFields; caption: string };

function Preview({ draft }: { draft: MediaDraft }) {
  const file = 'file' in draft ? draft.file : null;
  const objectUrl = useObjectUrl(file && draft.kind !== 'document' ? file : null);
  const stored = 'stored' in draft ? draft.stored : null;
  return (
    <PreviewBody
      kind={draft.kind}
      src={objectUrl ?? stored?.[draft.kind]?.url ?? null}
      name={file?.name ?? stored?.document?.name ?? 'Dokumen'}
      size={file ? documentSizeKb(file.size) : (stored?.document?.size ?? null)}
      noPreview
      docTestId="send-preview-document"
    />
  );
}

export interface SendPreviewModalProps {
  draft: MediaDraft | null;
  onClose: () => void;
  onSend: (draft: MediaDraft) => void;
}

/**
 * spec §2: the media send preview with the caption box 'Tambahkan keterangan'; documents show
 * 'Pratinjau tidak tersedia'. Enter sends, Shift+Enter adds a line; Escape closes it (the chat stays).
 */
export function SendPreviewModal(props: SendPreviewModalProps) {
  return (
    <CaptionStepModal
      {...props}
      preview={(draft) => <Preview draft={draft} />}
      size="lg"
      captionMinHeight={LIMITS.composerMinHeightPx}
      testIds={{ step: 'send-preview', caption: 'caption-input', submit: 'send-preview-submit' }}
    />
  );
}
