import { useState } from 'react';
import { IconPhotoOff } from '@tabler/icons-react';
import type { ImageMedia } from '@sapa/contracts';
import { MediaPreview, usePreviewState } from './media-preview';
import './bubbles.css';

/**
 * An image message (spec §2 'Chat room'): the small thumbnail, blurred, holds the place while the
 * image loads; a click opens the full-screen preview. The caption is shown by the bubble.
 */
export function ImageBubble({ image, caption = '' }: { image: ImageMedia; caption?: string }) {
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const preview = usePreviewState();
  const loaded = loadedUrl === image.url;
  const failed = failedUrl === image.url;
  const placeholder = !loaded && !failed && image.thumbnail;

  return (
    <>
      <button
        type="button"
        className="sapa-media-frame sapa-image-frame"
        data-testid="bubble-image"
        data-loaded={loaded}
        aria-label="Buka pratinjau gambar"
        onClick={preview.open}
      >
        {placeholder ? (
          <img className="sapa-media-placeholder" src={image.thumbnail ?? undefined} alt="" aria-hidden />
        ) : null}
        {!placeholder && !loaded && !failed ? <span className="sapa-media-empty" aria-hidden /> : null}
        {failed ? (
          <span className="sapa-media-failed">
            <IconPhotoOff size={28} stroke={1.5} aria-hidden />
            Gambar tidak dapat dimuat
          </span>
        ) : (
          <img
            className="sapa-media-image"
            src={image.url}
            alt={caption || 'Gambar'}
            data-pending={!loaded}
            onLoad={() => setLoadedUrl(image.url)}
            onError={() => setFailedUrl(image.url)}
          />
        )}
      </button>
      {preview.mounted ? (
        <MediaPreview
          kind="image"
          url={image.url}
          caption={caption}
          opened={preview.opened}
          onClose={preview.close}
          onExited={preview.exited}
        />
      ) : null}
    </>
  );
}
