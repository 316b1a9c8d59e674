import { useState } from 'react';
import { Badge, Box, Drawer, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { formatDateJakarta, formatRupiah, interpolate, type AdminReferrer } from '@sapa/contracts';
import { EmptyState, LoadFailed } from '../../components/list-states';
import { useAdminReferred } from '../../resources/admin/admin-payments';
import { AFFILIATE_TEXT } from './affiliate-strings';

/** One referrer beside the list: their commission figures and the owners they brought. */
export function AffiliateReferredDrawer({
  referrer,
  onClose,
}: {
  /** the open referrer; null closes the drawer */
  referrer: AdminReferrer | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 37.5em)', false, { getInitialValueInEffect: false });
  // the last referrer stays in the drawer while it slides out
  const [shown, setShown] = useState(referrer);
  if (referrer && referrer !== shown) setShown(referrer);
  return (
    <Drawer.Root opened={!!referrer} onClose={onClose} position="right" size={phone ? '100%' : 'md'}>
      <Drawer.Overlay />
      <Drawer.Content aria-label={AFFILIATE_TEXT.drawerLabel} data-testid="referred-drawer">
        <Drawer.Header>
          <Drawer.Title fz="lg" fw={650} style={{ overflowWrap: 'anywhere' }}>
            {shown
              ? interpolate(AFFILIATE_TEXT.drawerTitle, { name: shown.owner.name })
              : AFFILIATE_TEXT.drawerLabel}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={AFFILIATE_TEXT.close} />
        </Drawer.Header>
        <Drawer.Body>{shown ? <ReferredContent referrer={shown} /> : null}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatRupiah(value)}
      </Text>
    </Box>
  );
}

function ReferredContent({ referrer }: { referrer: AdminReferrer }) {
  const list = useAdminReferred(referrer.owner._id);
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm">{referrer.owner.email}</Text>
        <Text size="sm" c="dimmed">
          {interpolate(AFFILIATE_TEXT.figures, { registered: referrer.registered, paying: referrer.paying })}
        </Text>
      </Stack>
      <SimpleGrid cols={2} spacing="sm" data-testid="referred-figures">
        <Figure label={AFFILIATE_TEXT.earned} value={referrer.earned} />
        <Figure label={AFFILIATE_TEXT.balance} value={referrer.balance} />
        <Figure label={AFFILIATE_TEXT.pending} value={referrer.pendingWithdrawal} />
        <Figure label={AFFILIATE_TEXT.withdrawn} value={referrer.withdrawn} />
      </SimpleGrid>
      {list.data ? (
        list.data.docs.length ? (
          <Stack
            gap={0}
            component="ul"
            p={0}
            m={0}
            aria-label={AFFILIATE_TEXT.drawerLabel}
            style={{ listStyle: 'none' }}
          >
            {list.data.docs.map((o) => (
              <Box
                component="li"
                key={o._id}
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="referred-row"
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={2} miw={0}>
                    <Text size="sm" fw={600} truncate>
                      {o.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {o.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {interpolate(AFFILIATE_TEXT.registeredOn, { date: formatDateJakarta(o.createdAt) })}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                    <Badge variant="light" color={o.paid ? 'green' : 'gray'} radius="sm" tt="none" fw={600}>
                      {o.paid ? AFFILIATE_TEXT.hasPaid : AFFILIATE_TEXT.notPaid}
                    </Badge>
                    <Text size="xs" fw={600}>
                      {interpolate(AFFILIATE_TEXT.commission, { amount: formatRupiah(o.commission) })}
                    </Text>
                  </Stack>
                </Group>
              </Box>
            ))}
          </Stack>
        ) : (
          <EmptyState
            icon={IconUsers}
            title={AFFILIATE_TEXT.drawerEmpty}
            hint={AFFILIATE_TEXT.drawerEmptyHint}
            testId="referred-empty"
          />
        )
      ) : list.isError ? (
        <LoadFailed
          text={AFFILIATE_TEXT.drawerFailed}
          onRetry={() => void list.refetch()}
          testId="referred-failed"
        />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label={AFFILIATE_TEXT.drawerLoading}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={48} radius="sm" />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
