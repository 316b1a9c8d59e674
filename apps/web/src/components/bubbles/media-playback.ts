/** Only one audio or video plays at a time: starting one pauses the one before. */
let current: HTMLMediaElement | null = null;

export function claimPlayback(element: HTMLMediaElement): void {
  if (current && current !== element && !current.paused) current.pause();
  current = element;
}

export function releasePlayback(element: HTMLMediaElement): void {
  if (current === element) current = null;
}

/** Starts playback; browsers may refuse (autoplay rules, a missing file): that is not an error here. */
export function playQuietly(element: HTMLMediaElement): void {
  try {
    const started = element.play() as Promise<void> | undefined;
    started?.catch(() => undefined);
  } catch {
    // jsdom and very old browsers have no play(); nothing to do.
  }
}
