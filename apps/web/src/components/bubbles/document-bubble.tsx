import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import type { DocumentMedia } from '@sapa/contracts';
import { downloadFile } from './download-file';
import './bubbles.css';

/** 'laporan.pdf' -> 'PDF'; '' when the name has no extension. */
function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1
    ? name
        .slice(dot + 1)
        .toUpperCase()
        .slice(0, 6)
    : '';
}

/**
 * A document message (spec §2 'Chat room'): its name, its size in kB (already in kB in the media
 * object) and a download button that saves the file under that name; a failed download is silent.
 */
export function DocumentBubble({ document }: { document: DocumentMedia }) {
  const [busy, setBusy] = useState(false);
  const name = document.name || 'Dokumen';
  const ext = extension(name);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    await downloadFile(document.url, name);
    setBusy(false);
  };

  return (
    <div className="sapa-document" data-testid="bubble-document">
      <span className="sapa-document-icon" aria-hidden>
        <IconFileText size={26} stroke={1.6} />
      </span>
      <span className="sapa-document-text">
        <span className="sapa-document-name" title={name} data-testid="document-name">
          {name}
        </span>
        <span className="sapa-document-size" data-testid="document-size">
          {ext ? `${ext} · ` : ''}
          {document.size} kB
        </span>
      </span>
      <ActionIcon
        variant="subtle"
        radius="xl"
        size="lg"
        loading={busy}
        onClick={() => void download()}
        aria-label={`Unduh ${name}`}
        title="Unduh"
        data-testid="document-download"
      >
        <IconDownload size={20} stroke={1.8} />
      </ActionIcon>
    </div>
  );
}
