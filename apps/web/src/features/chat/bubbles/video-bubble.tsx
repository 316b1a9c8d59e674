import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { formatDuration, type VideoMedia } from '@sapa/contracts';
import { MediaPreview, usePreviewState } from './media-preview';
import './bubbles.css';

/**
 * A video message (spec §2 'Chat room'): its thumbnail blurred (a dark tile when there is none), a
 * play icon and the duration; a click opens the preview, which plays it.
 */
export function VideoBubble({ video, caption = '' }: { video: VideoMedia; caption?: string }) {
  const preview = usePreviewState();
  const duration = video.duration > 0 ? formatDuration(video.duration) : null;
  return (
    <>
      <button
        type="button"
        className="sapa-media-frame sapa-video-frame"
        data-testid="bubble-video"
        aria-label={duration ? `Putar video, durasi ${duration}` : 'Putar video'}
        onClick={preview.open}
      >
        {video.thumbnail ? (
          <img className="sapa-video-thumb" src={video.thumbnail} alt="" aria-hidden />
        ) : (
          <span className="sapa-video-blank" aria-hidden />
        )}
        <span className="sapa-video-play" aria-hidden>
          <IconPlayerPlayFilled size={26} />
        </span>
        {duration ? (
          <span className="sapa-video-duration" data-testid="video-duration" aria-hidden>
            {duration}
          </span>
        ) : null}
      </button>
      {preview.mounted ? (
        <MediaPreview
          kind="video"
          url={video.url}
          caption={caption}
          opened={preview.opened}
          onClose={preview.close}
          onExited={preview.exited}
        />
      ) : null}
    </>
  );
}
