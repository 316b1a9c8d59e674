import { useState, type ReactNode } from 'react';
import { IconPhotoOff } from '@tabler/icons-react';
import type { ImageMedia } from '@sapa/contracts';
import { MediaPreview, usePreviewState, type MediaPreviewProps } from './media-preview';
import './bubbles.css';

/**
 * An image message (spec §2 'Chat room'): the small thumbnail, blurred, holds the place while the
 * image loads; a click opens the full-screen preview. The caption is shown by the bubble.
 */
export function ImageBubble({ image, caption = '' }: { image: ImageMedia; caption?: string }) {
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const loaded = loadedUrl === image.url;
  const failed = failedUrl === image.url;
  const placeholder = !loaded && !failed && image.thumbnail;

  return (
    <MediaFrame
      kind="image"
      url={image.url}
      caption={caption}
      className="sapa-image-frame"
      testId="bubble-image"
      loaded={loaded}
      label="Buka pratinjau gambar"
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
    </MediaFrame>
  );
}

export interface MediaFrameProps {
  kind: MediaPreviewProps['kind'];
  url: string;
  caption: string;
  /** 'sapa-image-frame' or 'sapa-video-frame', beside 'sapa-media-frame' */
  className: string;
  testId: string;
  /** the image has loaded (data-loaded); left out for a video */
  loaded?: boolean;
  label: string;
  children: ReactNode;
}

/**
 * The button of an image or a video message: a click opens the full-screen preview, which stays
 * mounted until its closing transition is over.
 */
export function MediaFrame({
  kind,
  url,
  caption,
  className,
  testId,
  loaded,
  label,
  children,
}: MediaFrameProps) {
  const preview = usePreviewState();
  return (
    <>
      <button
        type="button"
        className={`sapa-media-frame ${className}`}
        data-testid={testId}
        data-loaded={loaded}
        aria-label={label}
        onClick={preview.open}
      >
        {children}
      </button>
      {preview.mounted ? (
        <MediaPreview
          kind={kind}
          url={url}
          caption={caption}
          opened={preview.opened}
          onClose={preview.close}
          onExited={preview.exited}
        />
      ) : null}
    </>
  );
}
