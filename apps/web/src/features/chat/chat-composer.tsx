import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { LIMITS } from '@sapa/contracts';

export interface ChatComposerProps {
  onSend: (text: string) => void;
  /** While the messages load: typing is fine, sending waits. */
  disabled?: boolean;
}

/**
 * spec §2 'Composer': a text area growing from 40 to 120 px; Enter sends, Shift+Enter adds a
 * line; empty or blank text is never sent (spec §4).
 */
export function ChatComposer({ onSend, disabled = false }: ChatComposerProps) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim().length === 0;

  const send = () => {
    if (disabled || blank) return;
    onSend(text.trim());
    setText('');
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing a word picks the word; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="sapa-composer"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        send();
      }}
      data-testid="chat-composer"
    >
      <Textarea
        ref={inputRef}
        className="sapa-composer-input"
        aria-label="Ketik pesan"
        placeholder="Ketik pesan"
        autosize
        minRows={1}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        styles={{
          input: {
            minHeight: LIMITS.composerMinHeightPx,
            maxHeight: LIMITS.composerMaxHeightPx,
            overflowY: 'auto',
          },
        }}
        radius="lg"
      />
      <ActionIcon
        type="submit"
        size={LIMITS.composerMinHeightPx}
        radius="xl"
        aria-label="Kirim"
        disabled={disabled || blank}
        data-testid="send-button"
      >
        <IconSend size={20} stroke={1.8} />
      </ActionIcon>
    </form>
  );
}
