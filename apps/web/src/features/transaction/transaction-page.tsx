import { Alert, Button, Card, Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateJakarta, interpolate, subscriptionStateOf } from '@sapa/contracts';
import { LoadFailed } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/use-session';
import { useBillingOffer } from '../../resources/transaction/transaction-queries';
import { PurchaseForm } from './purchase-form';
import { TX_TEXT } from './transaction-strings';

/**
 * /user/transaction (issue 22): the owner buys or renews a plan. Plans as cards, a duration with
 * its saving, the invoice's business and NPWP, the quote figure by figure (quoteFor, as the server
 * charges), and the ways to pay the operator offers; a purchase opens its detail page (and Snap).
 */
export function TransactionPage() {
  const offer = useBillingOffer();
  return (
    <Stack gap="lg" data-testid="transaction-page">
      <PageHeader
        title={TX_TEXT.heading}
        description={TX_TEXT.description}
        actions={
          <Button
            component={Link}
            to="/user/transaction/history"
            variant="default"
            leftSection={<IconHistory size={18} />}
            data-testid="history-link"
          >
            {TX_TEXT.historyLink}
          </Button>
        }
      />
      <SubscriptionState />
      {offer.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={TX_TEXT.offerLoading} data-testid="offer-loading">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={150} radius="md" />
            ))}
          </SimpleGrid>
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Skeleton h={260} radius="md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Skeleton h={260} radius="md" />
            </Grid.Col>
          </Grid>
        </Stack>
      ) : offer.isError ? (
        <Card withBorder radius="md">
          <LoadFailed
            text={TX_TEXT.offerLoadFailed}
            onRetry={() => void offer.refetch()}
            testId="offer-failed"
          />
        </Card>
      ) : (
        <PurchaseForm offer={offer.data} />
      )}
    </Stack>
  );
}

/** Where the owner's subscription stands: active until, ended on, or never started. */
function SubscriptionState() {
  const expiredAt = useSession()?.user?.subscription.expiredAt ?? null;
  const state = subscriptionStateOf(expiredAt, new Date());
  const date = formatDateJakarta(expiredAt);
  const view = {
    active: {
      color: 'green',
      title: interpolate(TX_TEXT.stateActive, { date }),
      hint: TX_TEXT.stateActiveHint,
    },
    expired: {
      color: 'red',
      title: interpolate(TX_TEXT.stateExpired, { date }),
      hint: TX_TEXT.stateExpiredHint,
    },
    none: { color: 'orange', title: TX_TEXT.stateNone, hint: TX_TEXT.stateNoneHint },
  }[state];
  return (
    <Alert
      variant="light"
      color={view.color}
      icon={state === 'active' ? <IconCheck size={20} /> : <IconAlertTriangle size={20} />}
      title={view.title}
      data-testid="subscription-state"
      data-state={state}
      styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {view.hint}
    </Alert>
  );
}
