import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { formatDuration, type VideoMedia } from '@sapa/contracts';
import { MediaFrame } from './image-bubble';
import './bubbles.css';

/**
 * A video message (spec §2 'Chat room'): its thumbnail blurred (a dark tile when there is none), a
 * play icon and the duration; a click opens the preview, which plays it.
 */
export function VideoBubble({ video, caption = '' }: { video: VideoMedia; caption?: string }) {
  const duration = video.duration > 0 ? formatDuration(video.duration) : null;
  return (
    <MediaFrame
      kind="video"
      url={video.url}
      caption={caption}
      className="sapa-video-frame"
      testId="bubble-video"
      label={duration ? `Putar video, durasi ${duration}` : 'Putar video'}
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
    </MediaFrame>
  );
}
