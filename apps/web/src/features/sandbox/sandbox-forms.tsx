import { documentSizeKb } from '@sapa/contracts';
import { CaptionStepModal, PreviewBody, useObjectUrl } from '../../components/composer/send-preview';

/** A picked file that takes a caption before it is sent. */
export interface CaptionDraft {
  kind: 'image' | 'video' | 'document';
  file: File;
  caption: string;
}

function FilePreview({ draft }: { draft: CaptionDraft }) {
  const url = useObjectUrl(draft.kind === 'document' ? null : draft.file);
  return (
    <PreviewBody
      kind={draft.kind}
      src={url}
      name={draft.file.name}
      size={documentSizeKb(draft.file.size)}
      noPreview={draft.kind === 'document'}
    />
  );
}

/** The picked image, video or document and its caption; Enter sends, Shift+Enter adds a line. */
export function CaptionModal(props: {
  draft: CaptionDraft | null;
  onClose: () => void;
  onSend: (draft: CaptionDraft) => void;
}) {
  return (
    <CaptionStepModal
      {...props}
      preview={(draft) => <FilePreview draft={draft} />}
      stageClassName="sapa-sandbox-preview"
      testIds={{ step: 'sandbox-caption-step', caption: 'sandbox-caption', submit: 'sandbox-send-media' }}
    />
  );
}
