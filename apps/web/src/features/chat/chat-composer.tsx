import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import {
  ATTACHMENT_MESSAGES,
  channelRefusal,
  fileRefusal,
  LIMITS,
  type AccountType,
  type ChatTemplate,
  type Message,
} from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { AttachMenu } from './composer/attach-menu';
import { SendPreviewModal, type MediaDraft } from './composer/send-preview-modal';
import { TemplatePopup } from './composer/template-popup';
import { useTemplates } from '../../resources/template/template-queries';
import { ComposerQuote } from '../../components/bubbles/composer-quote';
import type { FileKind, OutgoingContent } from './send-content';
import { useShareForms } from '../../components/composer/share-forms';
import './composer/composer.css';

export interface ChatComposerProps {
  /** the chat's channel: what the attach menu offers and whether replies quote (spec §5) */
  channel: AccountType;
  onSend: (content: OutgoingContent, quoted: Message | null) => void;
  /** While the messages load: typing is fine, sending waits. */
  disabled?: boolean;
  /** the message being replied to, shown above the text area */
  replyTo?: Message | null;
  onCancelReply?: () => void;
  /** the customer's name, shown on quotes of their messages */
  contactName?: string;
}

/**
 * spec §2 'Composer': the attach menu, the template popup ('/' as the whole text opens it; what follows
 * searches), a text area growing from 40 to 120 px (Enter sends, Shift+Enter adds a line), the send
 * button, the media send preview and the 'Kirim Lokasi' / 'Kirim Kontak' modals. Files are checked
 * against spec §5 before anything is sent (info toast 'Tidak Valid').
 */
export function ChatComposer({
  channel,
  onSend,
  disabled = false,
  replyTo = null,
  onCancelReply,
  contactName,
}: ChatComposerProps) {
  const toast = useToast();
  const popupId = useId();
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<MediaDraft | null>(null);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim().length === 0;
  // replying starts in the text area
  useEffect(() => {
    if (replyTo) inputRef.current?.focus();
  }, [replyTo]);

  const templateSearch = text.startsWith('/') ? text.slice(1).trim() : '';
  const popupOpen = !disabled && text.startsWith('/') && !text.includes('\n') && dismissedFor !== text;
  const templates = useTemplates(templateSearch, popupOpen);
  const options = templates.data?.docs;

  const refuse = (message: string) =>
    toast.show({ title: ATTACHMENT_MESSAGES.toastTitle, message, type: 'info' });

  const deliver = (content: OutgoingContent) => {
    onSend(content, replyTo);
    onCancelReply?.();
    inputRef.current?.focus();
  };
  const { openLocation, openContact, forms } = useShareForms(deliver);

  const send = () => {
    if (disabled || blank) return;
    deliver({ type: 'text', text: text.trim() });
    setText('');
  };

  const onFile = (kind: FileKind, file: File) => {
    const refusal =
      channelRefusal(channel, kind) ?? fileRefusal(kind, { size: file.size, mimetype: file.type });
    if (refusal) {
      refuse(refusal);
      return;
    }
    // spec §4: audio goes at once; the other files open the send preview with the typed text as caption
    if (kind === 'audio') deliver({ type: 'audio', file, caption: '' });
    else setDraft({ kind, file, caption: text.trim() });
  };

  const pickTemplate = (template: ChatTemplate) => {
    setDismissedFor(null);
    setActiveIndex(0);
    const refusal = channelRefusal(channel, template.type);
    if (refusal) {
      setText('');
      refuse(refusal);
      return;
    }
    switch (template.type) {
      case 'text':
        setText(template.text);
        break;
      case 'location':
        setText('');
        if (template.location) {
          const { latitude, longitude, name, address } = template.location;
          openLocation({ latitude, longitude, name, address });
        } else openLocation();
        break;
      case 'contact':
        setText('');
        openContact(template.contact ?? null);
        break;
      default: {
        const { image, video, audio, document } = template;
        setText('');
        setDraft({ kind: template.type, stored: { image, video, audio, document }, caption: template.text });
      }
    }
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (popupOpen) {
      const count = options?.length ?? 0;
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedFor(text);
        return;
      }
      if (count && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        setActiveIndex((i) => (i + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      if (count && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
        event.preventDefault();
        const chosen = options?.[Math.min(activeIndex, count - 1)];
        if (chosen) pickTemplate(chosen);
        return;
      }
    }
    // Enter while an input method is composing a word picks the word; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <div className="sapa-composer-wrap">
      {replyTo ? (
        <ComposerQuote message={replyTo} senderName={contactName} onCancel={() => onCancelReply?.()} />
      ) : null}
      {popupOpen ? (
        <TemplatePopup
          id={popupId}
          search={templateSearch}
          templates={options}
          loading={templates.isPending}
          activeIndex={activeIndex}
          onActiveChange={setActiveIndex}
          onPick={pickTemplate}
        />
      ) : null}
      <form
        className="sapa-composer"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          send();
        }}
        data-testid="chat-composer"
      >
        <AttachMenu
          channel={channel}
          disabled={disabled}
          onFile={onFile}
          onLocation={() => openLocation(null)}
          onContact={() => openContact(null)}
        />
        <Textarea
          ref={inputRef}
          className="sapa-composer-input"
          aria-label="Ketik pesan"
          placeholder="Ketik pesan atau / untuk template"
          autosize
          minRows={1}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          role={popupOpen ? 'combobox' : undefined}
          aria-expanded={popupOpen ? true : undefined}
          aria-controls={popupOpen ? popupId : undefined}
          aria-activedescendant={popupOpen && options?.length ? `${popupId}-${activeIndex}` : undefined}
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
      <SendPreviewModal
        draft={draft}
        onClose={() => setDraft(null)}
        onSend={(ready) => {
          setDraft(null);
          setText('');
          deliver(
            'file' in ready
              ? { type: ready.kind, file: ready.file, caption: ready.caption }
              : { type: ready.kind, stored: ready.stored, caption: ready.caption },
          );
        }}
      />
      {forms}
    </div>
  );
}
