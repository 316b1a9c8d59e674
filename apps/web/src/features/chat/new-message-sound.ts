import { useCallback, useState } from 'react';
import type { RealtimeEvent } from '@sapa/contracts';
import { useRealtime } from '../../lib/realtime';

/** Where the switch is kept (this browser only): '1' on; off when missing, as by default. */
export const SOUND_KEY = 'sapa.inbox.sound';

function readSound(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === '1';
  } catch {
    return false;
  }
}

let context: AudioContext | null = null;

/** The page's one audio context, made (or woken) on first use; null where there is no Web Audio. */
function audio(): AudioContext | null {
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return null;
  context ??= new Ctor();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

/**
 * A short, soft two-note chime, made with the Web Audio API (no sound file to download): two sine
 * tones rising a fifth, each faded in and out so nothing clicks.
 */
export function playNewMessageSound(): void {
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + 0.01;
  [660, 990].forEach((frequency, i) => {
    const at = start + i * 0.13;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.2);
  });
}

/** Whether an event is a new message from a customer (not ours, not a note of the team). */
export function isCustomerMessage(event: RealtimeEvent): boolean {
  const message = event.message;
  return event.type === 'message.created' && !!message && !message.isFromMe && message.kind !== 'note';
}

/**
 * Issue 21, attention: the switch for a sound on each new customer message (off by default, kept
 * in localStorage), and the listener that plays it. Turning it on plays the sound once: the click
 * lets the browser start audio, and the person hears what they chose.
 */
export function useNewMessageSound(): { enabled: boolean; toggle: () => void } {
  const [enabled, setEnabled] = useState(readSound);
  useRealtime({
    onEvent: (event) => {
      if (enabled && isCustomerMessage(event)) playNewMessageSound();
    },
  });
  const toggle = useCallback(() => {
    const next = !enabled;
    setEnabled(next);
    try {
      window.localStorage.setItem(SOUND_KEY, next ? '1' : '0');
    } catch {
      // private mode without storage: the switch lasts for this page
    }
    if (next) playNewMessageSound();
  }, [enabled]);
  return { enabled, toggle };
}
