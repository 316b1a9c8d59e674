import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateJakarta, interpolate, subscriptionStateOf, type UserProfile } from '@sapa/contracts';
import { SUBSCRIPTION_TEXT as T } from './subscription-strings';

/**
 * Which banner the shell shows above the screens: the trial offer to an owner who never subscribed
 * nor tried; a renew banner to an owner whose subscription ended ('expired') or never started after
 * the trial was used ('none'); the agent's variant (ask the owner) for both; nothing while active.
 */
export type SubscriptionBannerKind = 'trial' | 'expired' | 'none' | 'agent-expired' | 'agent-none';

/** The banner for `user` (an agent's profile carries the owner's subscription) at `now`. */
export function subscriptionBannerOf(
  user: UserProfile | undefined,
  isAgent: boolean,
  now: Date,
): SubscriptionBannerKind | null {
  if (!user) return null;
  const state = subscriptionStateOf(user.subscription.expiredAt, now);
  if (state === 'active') return null;
  if (isAgent) return state === 'expired' ? 'agent-expired' : 'agent-none';
  if (state === 'none') return user.trialUsed ? 'none' : 'trial';
  return 'expired';
}

/**
 * spec (issue 22 part 5): without an active subscription the inbox stays readable but sending,
 * broadcasts, status posts and new numbers are refused (PAYMENT_REQUIRED). The owner reads why, with
 * the way to renew; an agent reads that the owner renews.
 */
export function SubscriptionBanner({
  kind,
  expiredAt,
}: {
  kind: Exclude<SubscriptionBannerKind, 'trial'>;
  expiredAt: string | null;
}) {
  const date = formatDateJakarta(expiredAt);
  const owner = kind === 'expired' || kind === 'none';
  const body = {
    expired: interpolate(T.expiredBody, { date }),
    none: T.noneBody,
    'agent-expired': interpolate(T.agentExpiredBody, { date }),
    'agent-none': T.agentNoneBody,
  }[kind];
  const title = kind === 'expired' || kind === 'agent-expired' ? T.expiredTitle : T.noneTitle;
  const color = kind === 'expired' || kind === 'agent-expired' ? 'red' : 'orange';
  return (
    <Alert
      variant="light"
      color={color}
      radius={0}
      icon={<IconAlertTriangle size={20} stroke={1.7} />}
      role="region"
      aria-label={title}
      data-testid="subscription-banner"
      data-kind={kind}
      style={{ borderBottom: `1px solid var(--mantine-color-${color}-2)` }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Text fw={600} size="sm" c={`${color}.9`}>
            {title}
          </Text>
          <Text size="sm" c="dark.7" data-testid="subscription-banner-text">
            {body}
          </Text>
        </div>
        {owner ? (
          <Button
            component={Link}
            to="/user/transaction"
            size="sm"
            color={color === 'red' ? 'red' : 'brand'}
            data-testid="subscription-banner-renew"
          >
            {kind === 'expired' ? T.renew : T.choose}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
