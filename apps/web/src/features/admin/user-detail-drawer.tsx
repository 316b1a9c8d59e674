import { useState } from 'react';
import { Badge, Drawer, Group, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { interpolate, t, type AdminUser } from '@sapa/contracts';
import { LoadFailed } from '../../components/list-states';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { useAdminUser, useEnableUser, useSetBetaUser } from '../../resources/admin/admin-users';
import { UserDetail } from './user-detail';
import { UserDisableModal } from './user-disable-modal';
import { UserStateBadge } from './user-list';
import { USER_TEXT as T } from './user-strings';
import { UserSubscriptionModal } from './user-subscription-modal';

/** At this width and below the drawer takes the whole screen. */
const FULL_QUERY = '(max-width: 37.5em)';

export interface UserDetailDrawerProps {
  /** the owner shown; null closes the drawer */
  id: string | null;
  /** the list's copy of the owner, for the header while the detail loads */
  preview?: AdminUser;
  onClose: () => void;
}

/**
 * The owner's detail in a drawer from the right, with the operator's actions: the subscription's
 * end, the beta flag, disabling and enabling. The modals sit beside the drawer, not inside it, so
 * their Escape closes only them.
 */
export function UserDetailDrawer({ id, preview, onClose }: UserDetailDrawerProps) {
  // the owner stays shown while the drawer slides shut
  const [shownId, setShownId] = useState(id);
  if (id && id !== shownId) setShownId(id);
  const detail = useAdminUser(shownId);
  const full = useMediaQuery(FULL_QUERY, false, { getInitialValueInEffect: false });
  const toast = useToast();
  const [modal, setModal] = useState<'expiry' | 'disable' | null>(null);
  const enable = useEnableUser();
  const beta = useSetBetaUser();

  const user = detail.data;
  const head = user ?? (preview?._id === shownId ? preview : undefined);
  const failed = (error: unknown) =>
    toast.show({ title: t('common.failed'), message: errorMessage(error, T.drawerFailed), type: 'error' });

  return (
    <>
      <Drawer.Root opened={!!id} onClose={onClose} position="right" size={full ? '100%' : 560}>
        <Drawer.Overlay />
        <Drawer.Content
          aria-label={interpolate(T.drawerLabel, { name: head?.name ?? '' })}
          data-testid="user-drawer"
        >
          <Drawer.Header>
            {head ? (
              <Stack gap={4} miw={0}>
                <Drawer.Title
                  fw={650}
                  fz="lg"
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="user-drawer-name"
                >
                  {head.name}
                </Drawer.Title>
                <Group gap={6}>
                  <UserStateBadge state={head.state} size="sm" />
                  {head.isBetaUser ? (
                    <Badge variant="outline" color="grape" size="sm" radius="sm" tt="none">
                      {T.beta}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
            ) : (
              <Skeleton h={24} w={200} radius="sm" />
            )}
            <Drawer.CloseButton aria-label={T.close} />
          </Drawer.Header>
          <Drawer.Body>
            {user ? (
              <UserDetail
                user={user}
                actions={{
                  onChangeExpiry: () => setModal('expiry'),
                  onDisable: () => setModal('disable'),
                  onEnable: () =>
                    enable.mutate(user._id, {
                      onSuccess: () =>
                        toast.show({
                          title: t('common.success'),
                          message: interpolate(T.enabled, { name: user.name }),
                          type: 'success',
                        }),
                      onError: failed,
                    }),
                  enabling: enable.isPending,
                  onBetaChange: (isBetaUser) =>
                    beta.mutate(
                      { id: user._id, isBetaUser },
                      {
                        onSuccess: () =>
                          toast.show({
                            title: t('common.success'),
                            message: isBetaUser ? T.betaOn : T.betaOff,
                            type: 'success',
                          }),
                        onError: failed,
                      },
                    ),
                  betaPending: beta.isPending,
                }}
              />
            ) : detail.isError ? (
              <LoadFailed
                text={T.drawerFailed}
                onRetry={() => void detail.refetch()}
                testId="user-drawer-failed"
              />
            ) : (
              <DetailSkeleton />
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      {user ? (
        <>
          <UserSubscriptionModal opened={modal === 'expiry'} onClose={() => setModal(null)} user={user} />
          <UserDisableModal opened={modal === 'disable'} onClose={() => setModal(null)} user={user} />
        </>
      ) : null}
    </>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label={T.drawerLoading} data-testid="user-drawer-loading">
      {[0, 1, 2].map((i) => (
        <Stack key={i} gap={8}>
          <Skeleton h={14} w="30%" radius="sm" />
          <Skeleton h={12} w="80%" radius="sm" />
          <Skeleton h={12} w="65%" radius="sm" />
        </Stack>
      ))}
    </Stack>
  );
}
