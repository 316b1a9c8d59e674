import { useState, type ReactNode } from 'react';
import { SegmentedControl, Text } from '@mantine/core';
import { INBOX_MESSAGES } from '@sapa/contracts';
import { NoteComposer } from './note-composer';
import { useTeamShortcut } from './use-team-shortcut';
import './inbox-team.css';

type Mode = 'reply' | 'note';

/**
 * The room's composer area (issue 21): 'Balas' (the spec's composer, or its notice when replying is
 * not allowed) or 'Catatan internal' (a note only the team sees). Alt+N switches.
 */
export function RoomComposer({ chatId, reply }: { chatId: string; reply: ReactNode }) {
  const [mode, setMode] = useState<Mode>('reply');
  const [switched, setSwitched] = useState(false);
  const change = (next: Mode) => {
    setMode(next);
    setSwitched(true);
  };
  useTeamShortcut('note', () => change(mode === 'note' ? 'reply' : 'note'));
  return (
    <div className="sapa-room-composer" data-mode={mode}>
      <div className="sapa-composer-mode">
        <SegmentedControl
          size="xs"
          radius="xl"
          value={mode}
          onChange={(value) => change(value as Mode)}
          data={[
            { value: 'reply', label: 'Balas' },
            { value: 'note', label: INBOX_MESSAGES.noteLabel },
          ]}
          aria-label="Jenis pesan"
          style={{ flexShrink: 0 }}
          data-testid="composer-mode"
        />
        {mode === 'note' ? (
          <Text size="xs" c="dimmed" truncate>
            {INBOX_MESSAGES.noteNotSent}
          </Text>
        ) : null}
      </div>
      {mode === 'note' ? <NoteComposer chatId={chatId} autoFocus={switched} /> : reply}
    </div>
  );
}
