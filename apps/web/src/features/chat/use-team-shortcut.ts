import { useEffect, useRef } from 'react';
import { matchTeamShortcut, type TeamShortcut } from './inbox-shortcuts-team';

/** Calls `onShortcut` for each team shortcut pressed anywhere on the page while mounted. */
export function useTeamShortcut(id: TeamShortcut['id'], onShortcut: (() => void) | null): void {
  const latest = useRef(onShortcut);
  useEffect(() => {
    latest.current = onShortcut;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || matchTeamShortcut(event) !== id) return;
      const run = latest.current;
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [id]);
}
