import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Slider } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { formatDuration, type AudioMedia } from '@sapa/contracts';
import { claimPlayback, playQuietly, releasePlayback } from './media-playback';
import './bubbles.css';

/**
 * An audio message (spec §2 'Chat room'): play/pause, a slider to seek, and the elapsed and total
 * time as minutes.seconds. Starting one audio pauses any other that is playing.
 */
export function AudioPlayer({ audio }: { audio: AudioMedia }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const total = audio.duration > 0 ? audio.duration : (mediaDuration ?? 0);

  useEffect(() => {
    const element = ref.current;
    return () => {
      if (!element) return;
      if (!element.paused) element.pause();
      releasePlayback(element);
    };
  }, []);

  const toggle = () => {
    const element = ref.current;
    if (!element) return;
    if (playing) element.pause();
    else playQuietly(element);
  };

  const seek = (value: number) => {
    const element = ref.current;
    setElapsed(value);
    if (element) element.currentTime = value;
  };

  return (
    <div className="sapa-audio" data-testid="bubble-audio" data-playing={playing}>
      <audio
        ref={ref}
        src={audio.url}
        preload="metadata"
        onPlay={(event) => {
          claimPlayback(event.currentTarget);
          setPlaying(true);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setElapsed(0);
        }}
        onTimeUpdate={(event) => setElapsed(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds) && seconds > 0) setMediaDuration(seconds);
        }}
      />
      <ActionIcon
        variant="filled"
        radius="xl"
        size={36}
        onClick={toggle}
        aria-label={playing ? 'Jeda audio' : 'Putar audio'}
        aria-pressed={playing}
        data-testid="audio-toggle"
      >
        {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
      </ActionIcon>
      <div className="sapa-audio-track">
        <Slider
          size="sm"
          min={0}
          max={Math.max(total, 1)}
          step={1}
          value={Math.min(elapsed, Math.max(total, 1))}
          onChange={seek}
          label={(value) => formatDuration(value)}
          thumbLabel="Posisi audio"
          disabled={total <= 0}
          data-testid="audio-seek"
        />
        <span className="sapa-audio-time" data-testid="audio-duration">
          {formatDuration(elapsed)} / {formatDuration(total)}
        </span>
      </div>
    </div>
  );
}
