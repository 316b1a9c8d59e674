import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { replyWindow, type Message } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/use-session';
import { ChatComposer } from './chat-composer';
import { ChatRoomHeader } from './chat-room-header';
import { ComposerNotice, replyBlock } from './composer-notice';
import { markChatRead } from './mark-chat-read';
import { flattenMessages } from '../../resources/chat/message-cache';
import { MessageList } from './message-list';
import { useChatDetail } from './use-chat-detail';
import { useChatMessages } from './use-chat-messages';
import { useSendMessage } from './use-send-message';
import { RoomComposer } from './room-composer';
import { useMediaQuery } from '@mantine/hooks';
import { DOCK_MEDIA_QUERY, readDocked, writeDocked } from './dock-state';
import { useRerenderAt } from './reply-window';
import type { OutgoingContent } from './send-content';

const ChatInfoDrawer = lazy(async () => ({
  default: (await import('./drawer/chat-info-drawer')).ChatInfoDrawer,
}));
const ContactPanelDock = lazy(async () => ({
  default: (await import('./contact-panel-dock')).ContactPanelDock,
}));
const TemplatePicker = lazy(async () => ({
  default: (await import('./template-picker')).TemplatePicker,
}));

/**
 * The right pane for /user/chat/:id (spec §2 'Chat room', §4 'Opening a chat'): the chat loads (a
 * failure returns to /user/chat), its unread count is cleared, and its messages load afresh.
 */
export function ChatRoom({ chatId }: { chatId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const myAgentId = useSession()?.user?.agent?._id ?? null;
  const detail = useChatDetail(chatId);
  const messages = useChatMessages(chatId);
  const channel = detail.data?.account.type ?? 'whatsapp';
  const send = useSendMessage(chatId, channel);
  const [sentCount, setSentCount] = useState(0);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const [infoMounted, setInfoMounted] = useState(false);
  // issue 25: the WhatsApp Cloud API template picker, mounted on first use
  const [pickerOpen, setPickerOpen] = useState(false);
  const [pickerMounted, setPickerMounted] = useState(false);
  const openPicker = () => {
    setPickerMounted(true);
    setPickerOpen(true);
  };
  // issue 21: on wide screens 'Info Percakapan' stays docked beside the chat (remembered)
  const wide = useMediaQuery(DOCK_MEDIA_QUERY);
  const [docked, setDocked] = useState(readDocked);
  const dock = (open: boolean) => {
    setDocked(open);
    writeDocked(open);
  };
  const { fetchNextPage } = messages;
  const onLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const list = useMemo(() => flattenMessages(messages.data), [messages.data]);

  useEffect(() => {
    if (detail.isError) void navigate('/user/chat', { replace: true });
  }, [detail.isError, navigate]);

  useEffect(() => {
    markChatRead(queryClient, chatId);
  }, [queryClient, chatId]);

  const chat = detail.data;
  // issue 25: the room turns to the closed-window notice the moment the reply window closes
  const now = Date.now();
  const reply = chat ? replyWindow(chat, now) : null;
  useRerenderAt(reply?.state === 'open' ? reply.closesAt : null);
  const block = chat ? replyBlock(chat, myAgentId, now) : null;
  const cloud = chat?.account.provider === 'whatsapp-cloud';
  const sendTemplate = (content: OutgoingContent) => {
    const sending = send(content, null);
    setSentCount((n) => n + 1);
    return sending;
  };
  // spec §8: a failed message list stays silent; the room then shows an empty conversation.
  const loaded = messages.isSuccess || messages.isError;

  return (
    <>
      <ChatRoomHeader
        chat={chat}
        dock={wide ? { docked, onToggle: () => dock(!docked) } : null}
        onOpenInfo={() => {
          setInfoMounted(true);
          setInfoOpen(true);
        }}
        // inside the window a Cloud API chat may still send an approved template (issue 25)
        onSendTemplate={cloud && !block && messages.isSuccess ? openPicker : undefined}
      />
      {chat && wide && docked ? (
        <Suspense fallback={null}>
          <ContactPanelDock chat={chat} myAgentId={myAgentId} onClose={() => dock(false)} />
        </Suspense>
      ) : null}
      {chat && infoMounted ? (
        <Suspense fallback={null}>
          <ChatInfoDrawer
            chat={chat}
            opened={infoOpen}
            onClose={() => setInfoOpen(false)}
            myAgentId={myAgentId}
          />
        </Suspense>
      ) : null}
      {chat && pickerMounted ? (
        <Suspense fallback={null}>
          <TemplatePicker
            chatId={chatId}
            opened={pickerOpen}
            onClose={() => setPickerOpen(false)}
            onSend={sendTemplate}
          />
        </Suspense>
      ) : null}
      <MessageList
        messages={list}
        loaded={loaded}
        hasNextPage={messages.hasNextPage}
        isFetchingNextPage={messages.isFetchingNextPage}
        onLoadMore={onLoadMore}
        sentCount={sentCount}
        channel={channel}
        onReply={block ? undefined : setReplyTo}
      />
      <RoomComposer
        chatId={chatId}
        reply={
          chat && block ? (
            <ComposerNotice
              chat={chat}
              block={block}
              myAgentId={myAgentId}
              onPickTemplate={block.kind === 'template' ? openPicker : undefined}
              pickDisabled={!messages.isSuccess}
            />
          ) : (
            <ChatComposer
              channel={channel}
              disabled={!chat || !messages.isSuccess}
              replyTo={replyTo}
              contactName={chat?.contact.name}
              onCancelReply={() => setReplyTo(null)}
              onSend={(content, quoted) => {
                void send(content, quoted);
                setSentCount((n) => n + 1);
              }}
            />
          )
        }
      />
    </>
  );
}
