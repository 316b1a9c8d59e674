import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { INBOX_MESSAGES, LIMITS, type Teammate } from '@sapa/contracts';
import { useSession } from '../../lib/use-session';
import { useTeammates } from '../../resources/teammate/teammate-queries';
import { insertMention, keptMentions, matchTeammates, mentionQuery } from './mentions';
import { MentionPicker } from './mention-picker';
import { usePostNote } from './use-post-note';
import './composer/composer.css';
import './inbox-team.css';

/**
 * The composer's 'Catatan internal' mode (issue 21): a note only the team sees, with @mentions of
 * teammates (type '@' for the list). Enter saves, Shift+Enter adds a line.
 */
export function NoteComposer({ chatId, autoFocus = false }: { chatId: string; autoFocus?: boolean }) {
  const listId = useId();
  const session = useSession();
  // an agent's session carries the owner's workspace in `user`: the author is the agent then
  const myIds = [session?.user?.agent ? session.user.agent._id : session?.user?._id].filter(Boolean);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<Teammate[]>([]);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const post = usePostNote(chatId);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const at = mentionQuery(text, caret);
  const pickerOpen = !!at && dismissedAt !== at.start;
  const teammates = useTeammates(pickerOpen || picked.length > 0);
  const options = useMemo(
    () =>
      at
        ? matchTeammates(
            (teammates.data ?? []).filter((t) => !myIds.includes(t._id)),
            at.query,
          )
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [at?.query, teammates.data, myIds.join()],
  );
  const blank = text.trim().length === 0;

  const pick = (teammate: Teammate) => {
    if (!at) return;
    const next = insertMention(text, at, teammate.name);
    setText(next.text);
    setCaret(next.caret);
    setPicked((list) => (list.some((t) => t._id === teammate._id) ? list : [...list, teammate]));
    setActiveIndex(0);
    // this '@' is done: the list closes until another '@' is typed
    setDismissedAt(at.start);
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const save = () => {
    if (blank || post.isPending) return;
    const body = { text: text.trim(), mentions: keptMentions(text, picked) };
    post.mutate(body, {
      onSuccess: () => {
        setText('');
        setCaret(0);
        setPicked([]);
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (pickerOpen && at) {
      const count = options.length;
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(at.start);
        return;
      }
      if (count && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        setActiveIndex((i) => (i + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      if (count && (event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        event.preventDefault();
        const chosen = options[Math.min(activeIndex, count - 1)];
        if (chosen) pick(chosen);
        return;
      }
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    save();
  };

  return (
    <div className="sapa-composer-wrap sapa-note-composer">
      {pickerOpen ? (
        <MentionPicker
          id={listId}
          teammates={options}
          loading={teammates.isPending}
          activeIndex={activeIndex}
          onActiveChange={setActiveIndex}
          onPick={pick}
        />
      ) : null}
      <form
        className="sapa-composer"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        data-testid="note-composer"
      >
        <Textarea
          ref={inputRef}
          className="sapa-composer-input"
          aria-label={INBOX_MESSAGES.noteLabel}
          aria-description={INBOX_MESSAGES.noteNotSent}
          placeholder="Tulis catatan untuk tim, @ untuk menyebut rekan"
          autosize
          minRows={1}
          maxLength={4096}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
            setActiveIndex(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          role={pickerOpen ? 'combobox' : undefined}
          aria-expanded={pickerOpen ? true : undefined}
          aria-controls={pickerOpen ? listId : undefined}
          aria-activedescendant={pickerOpen && options.length ? `${listId}-${activeIndex}` : undefined}
          styles={{
            input: {
              minHeight: LIMITS.composerMinHeightPx,
              maxHeight: LIMITS.composerMaxHeightPx,
              overflowY: 'auto',
            },
          }}
          radius="lg"
          data-testid="note-input"
        />
        <ActionIcon
          type="submit"
          size={LIMITS.composerMinHeightPx}
          radius="xl"
          color="yellow.4"
          autoContrast
          aria-label="Simpan catatan"
          disabled={blank}
          loading={post.isPending}
          data-testid="note-send"
        >
          <IconNote size={20} stroke={1.8} />
        </ActionIcon>
      </form>
    </div>
  );
}
