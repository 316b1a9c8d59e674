import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Radio, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { formatPhone, LIMITS, type Paged } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { accountKeys } from '../../resources/account/account-queries';
import { groupKeys } from '../../resources/group/group-queries';

interface PickableContact {
  key: string;
  name: string;
  phoneNumber: string;
}

interface GroupContactDoc {
  _id: string;
  name: string;
  phoneNumber: string;
}
interface WhatsappContactDoc {
  id: string;
  name: string;
  phoneNumber: string;
}

/**
 * The start-chat modal's 'Kontak Grup' (GET /group/contact) and 'Kontak WhatsApp' (GET
 * /account/whatsapp/{id}/contact, per sender) lists, 50 a page (spec §9). Load failures are silent.
 */
function useContacts(source: 'group' | 'whatsapp', accountId: string) {
  return useInfiniteQuery({
    queryKey: source === 'group' ? groupKeys.contactPicker() : accountKeys.contactPicker(accountId),
    queryFn: async ({ pageParam, signal }) => {
      const query = { page: pageParam, limit: LIMITS.contactPickerPageSize };
      if (source === 'group') {
        const page = await api.get<Paged<GroupContactDoc>>('/group/contact', query, signal);
        return {
          docs: page.docs.map((c) => ({ key: c._id, name: c.name, phoneNumber: c.phoneNumber })),
          hasNextPage: page.hasNextPage,
        };
      }
      const page = await api.get<Paged<WhatsappContactDoc>>(
        `/account/whatsapp/${encodeURIComponent(accountId)}/contact`,
        query,
        signal,
      );
      return {
        docs: page.docs.map((c) => ({ key: c.id, name: c.name, phoneNumber: c.phoneNumber })),
        hasNextPage: page.hasNextPage,
      };
    },
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasNextPage ? all.length + 1 : undefined),
    enabled: source === 'group' || !!accountId,
    retry: false,
  });
}

export interface StartChatContactsProps {
  source: 'group' | 'whatsapp';
  accountId: string;
  selectedPhone: string;
  onPick: (phoneNumber: string) => void;
}

/** A contact picker: choosing one fills the number as it is stored (spec §2: the dial 'none' marker). */
export function StartChatContacts({ source, accountId, selectedPhone, onPick }: StartChatContactsProps) {
  const query = useContacts(source, accountId);
  const contacts: PickableContact[] = query.data?.pages.flatMap((p) => p.docs) ?? [];
  if (source === 'whatsapp' && !accountId) {
    return (
      <Text c="dimmed" ta="center" size="sm" py="lg" data-testid="start-chat-empty">
        Silahkan Pilih Nomor Pengirim
      </Text>
    );
  }
  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <Stack gap={8} py="xs" aria-busy="true">
        <Skeleton height={18} width="60%" />
        <Skeleton height={18} width="50%" />
      </Stack>
    );
  }
  if (!contacts.length) {
    return (
      <Text c="dimmed" ta="center" size="sm" py="lg" data-testid="start-chat-empty">
        Tidak ada Kontak
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={LIMITS.selectorMaxHeightPx} type="auto" offsetScrollbars>
      <Radio.Group value={selectedPhone} onChange={onPick} aria-label="Kontak">
        <Stack gap={10} py={4} data-testid={`start-chat-${source}-contacts`}>
          {contacts.map((c) => (
            <Radio
              key={c.key}
              value={c.phoneNumber}
              label={
                <span>
                  {c.name}{' '}
                  <Text span size="xs" c="gray.7">
                    {formatPhone(c.phoneNumber)}
                  </Text>
                </span>
              }
            />
          ))}
          {query.hasNextPage ? (
            <Button
              variant="subtle"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Lebih Banyak
            </Button>
          ) : null}
        </Stack>
      </Radio.Group>
    </ScrollArea.Autosize>
  );
}
