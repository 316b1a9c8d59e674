import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconExternalLink } from '@tabler/icons-react';
import { interpolate, type BillingOffer, type Transaction } from '@sapa/contracts';
import { formatWibTime } from '../../lib/wib-time';
import { TX_TEXT } from './transaction-strings';
import { useSnap } from './use-snap';

type Outcome = 'success' | 'pending' | 'error' | 'closed';

const DARK_MESSAGE = { message: { color: 'var(--mantine-color-dark-7)' } };

/**
 * A pending Midtrans purchase: 'Bayar sekarang' opens Snap (again) with its token; after Snap reports
 * success or a payment in progress, the panel waits for the realtime frame that turns the purchase
 * paid. When snap.js cannot load, the payment's own Midtrans page is linked instead. `autoPay` opens
 * Snap once on arrival (a purchase just made), as soon as the offer (the script's address) is known.
 */
export function MidtransPanel({
  tx,
  offer,
  offerReady,
  autoPay,
  onAutoPay,
}: {
  tx: Transaction;
  offer: BillingOffer | undefined;
  /** the offer has loaded or failed: Snap may be tried */
  offerReady: boolean;
  autoPay: boolean;
  /** Snap was opened on arrival (the page forgets it, so a reload does not open it again) */
  onAutoPay: () => void;
}) {
  const snap = useSnap(offer?.midtrans);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const opened = useRef(false);
  const token = tx.snap?.token;
  const { pay, preload } = snap;

  const open = useCallback(() => {
    if (!token) return;
    setOutcome(null);
    void pay(token, {
      onSuccess: () => setOutcome('success'),
      onPending: () => setOutcome('pending'),
      onError: () => setOutcome('error'),
      // Snap closes its window after a payment too: only a window closed before any outcome reads 'closed'
      onClose: () => setOutcome((o) => o ?? 'closed'),
    });
  }, [pay, token]);

  useEffect(() => {
    if (!offerReady || !token) return;
    if (autoPay && !opened.current) {
      opened.current = true;
      onAutoPay();
      open();
    } else preload();
  }, [offerReady, token, autoPay, onAutoPay, open, preload]);

  const waiting = outcome === 'success' || outcome === 'pending';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="midtrans-panel">
      <Stack gap="sm">
        <Title order={2} fz="h5">
          {TX_TEXT.midtransHeading}
        </Title>
        <Text size="sm" c="dimmed">
          {interpolate(TX_TEXT.midtransHint, { deadline: `${formatWibTime(tx.paymentExpiresAt)} WIB` })}
        </Text>
        {waiting ? (
          <Alert
            variant="light"
            color="blue"
            icon={<Loader size={18} />}
            data-testid="snap-waiting"
            role="status"
            styles={DARK_MESSAGE}
          >
            {outcome === 'success' ? TX_TEXT.waitingSuccess : TX_TEXT.waitingPending}
          </Alert>
        ) : null}
        {outcome === 'error' ? (
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            styles={DARK_MESSAGE}
          >
            {TX_TEXT.snapError}
          </Alert>
        ) : null}
        {outcome === 'closed' ? (
          <Text size="sm" data-testid="snap-closed">
            {TX_TEXT.snapClosed}
          </Text>
        ) : null}
        {tx.snap ? (
          <>
            <Group>
              <Button
                leftSection={<IconCreditCard size={18} />}
                onClick={open}
                loading={snap.status === 'loading'}
                data-testid="snap-pay"
              >
                {TX_TEXT.payNow}
              </Button>
            </Group>
            {snap.status === 'failed' ? (
              <Alert
                variant="light"
                color="orange"
                icon={<IconAlertTriangle size={18} />}
                data-testid="snap-fallback"
                styles={DARK_MESSAGE}
              >
                {TX_TEXT.snapFailed}{' '}
                <Anchor href={tx.snap.redirectUrl} target="_blank" rel="noopener noreferrer" fw={600}>
                  {TX_TEXT.openRedirect}
                  <IconExternalLink size={14} aria-hidden style={{ verticalAlign: -2, marginLeft: 4 }} />
                </Anchor>
              </Alert>
            ) : null}
          </>
        ) : (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} styles={DARK_MESSAGE}>
            {TX_TEXT.noSnap}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
