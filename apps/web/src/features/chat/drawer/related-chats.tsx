import { Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatRowTime, type Chat } from '@sapa/contracts';
import { ChannelIcon } from '../../../components/channel-icon';
import { api } from '../../../lib/api-client';
import { chatKeys } from '../../../resources/chat/chat-keys';
import { lastMessagePreview } from '../chat-row';

/** GET /chat/:id/related: the same contact's chats on the tenant's other numbers (issue 21). */
function useRelatedChats(chatId: string) {
  return useQuery({
    queryKey: [...chatKeys.details(), chatId, 'related'] as const,
    queryFn: ({ signal }) =>
      api.get<{ docs: Chat[] }>(`/chat/${encodeURIComponent(chatId)}/related`, undefined, signal),
    select: (data) => data.docs,
    staleTime: 30_000,
  });
}

const STATE_WORD = { open: '', resolved: ' · Selesai', snoozed: ' · Ditunda' } as const;

/** 'Percakapan lain': the contact's conversations on the other numbers, each opening on click. */
export function RelatedChats({ chatId }: { chatId: string }) {
  const related = useRelatedChats(chatId);
  return (
    <Stack gap={6} data-testid="related-chats">
      <Text size="sm" fw={500} component="h3" m={0}>
        Percakapan lain
      </Text>
      {related.isPending ? (
        <Stack gap={8} aria-busy="true" aria-label="Memuat percakapan lain">
          <Skeleton height={36} radius="sm" />
          <Skeleton height={36} radius="sm" />
        </Stack>
      ) : !related.data?.length ? (
        <Text size="sm" c="dimmed" data-testid="related-empty">
          Kontak ini belum punya percakapan di nomor lain.
        </Text>
      ) : (
        <ul className="sapa-related-list">
          {related.data.map((chat) => {
            const when = chat.lastMessage ? formatRowTime(chat.lastMessage.sendAt).text : '';
            return (
              <li key={chat._id}>
                <UnstyledButton
                  component={Link}
                  to={`/user/chat/${chat._id}`}
                  className="sapa-related-item"
                  data-testid="related-chat"
                >
                  <ChannelIcon type={chat.account.type} size={16} />
                  <span className="sapa-related-body">
                    <Text size="sm" fw={500} truncate component="span" display="block">
                      {chat.account.label.name}
                      {STATE_WORD[chat.conversationState]}
                    </Text>
                    <Text size="xs" c="dimmed" truncate component="span" display="block">
                      {lastMessagePreview(chat) || 'Belum ada pesan'}
                    </Text>
                  </span>
                  {when ? (
                    <Text size="xs" c="dimmed" component="span">
                      {when}
                    </Text>
                  ) : null}
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
