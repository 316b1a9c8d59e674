/** A move through a list asked by a key: one step, or to either end. */
export type ListStep = 'next' | 'previous' | 'first' | 'last';

/**
 * The inbox list's keys (issue 21): arrow keys and J/K (as in mail and chat apps) move one chat,
 * Home/End to either end. Keys with Ctrl, Alt or Meta are left to the browser and other shortcuts.
 */
export function listStep(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>,
): ListStep | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
    case 'J':
      return 'next';
    case 'ArrowUp':
    case 'k':
    case 'K':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** The index a step leads to in a list of `count`, staying inside it. */
export function stepIndex(step: ListStep, from: number, count: number): number {
  if (count <= 0) return -1;
  if (step === 'first') return 0;
  if (step === 'last') return count - 1;
  const next = from + (step === 'next' ? 1 : -1);
  return Math.min(count - 1, Math.max(0, next));
}
