import { useEffect, useRef, useState } from 'react';
import { Button, Card, Grid, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  interpolate,
  invoiceDetails as invoiceDetailsSchema,
  quoteFor,
  type BillingOffer,
  type CreateTransactionBody,
  type PaymentMethod,
} from '@sapa/contracts';
import { FormAlert } from '../../components/form-alert';
import { useServerForm } from '../../components/use-server-form';
import { ApiError } from '../../lib/api-error';
import { useCreateTransaction } from '../../resources/transaction/transaction-queries';
import { DurationChoice, MethodChoice, PlanChoice } from './purchase-choices';
import { newIdempotencyKey } from './transaction-format';
import { QuoteSummary } from './transaction-parts';
import { TX_TEXT } from './transaction-strings';
import { useSnap } from './use-snap';

/** Where the detail page opens Snap on arrival (a new Midtrans purchase). */
export interface TransactionDetailState {
  pay?: boolean;
}

type Field = 'planKey' | 'months' | 'method' | 'businessName' | 'npwp';
const FIELDS: readonly string[] = ['planKey', 'months', 'method', 'businessName', 'npwp'];

/**
 * The server's refusal in the form's terms: `invoiceDetails.npwp` goes under the NPWP field; a
 * refusal that names no field of the form (too many waiting purchases, Midtrans unreachable) shows
 * its message above the button.
 */
function forForm(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const field = key.replace(/^invoiceDetails\./, '');
    if (FIELDS.includes(field)) fields[field] = message;
  }
  return new ApiError(error.status, error.message, error.code, fields);
}

/** The ways to pay the operator set up: Midtrans when configured, transfers when there is an account. */
function methodsOf(offer: BillingOffer): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (offer.midtrans) methods.push('midtrans');
  if (offer.bankAccounts.length) methods.push('bank_transfer');
  return methods;
}

/**
 * The purchase: a plan, a duration, the way to pay and the invoice's business and NPWP, with the
 * quote figure by figure beside them. A submit sends one idempotency key per choice in this form
 * session (a double click or a retry makes one purchase) and opens the purchase's page, which opens
 * Snap at once for a Midtrans purchase.
 */
export function PurchaseForm({ offer }: { offer: BillingOffer }) {
  const navigate = useNavigate();
  const durations = [...offer.durations].sort((a, b) => a.months - b.months);
  const methods = methodsOf(offer);
  const [planKey, setPlanKey] = useState(offer.plans[0]?.key ?? '');
  const [months, setMonths] = useState<number>(durations[0]?.months ?? 1);
  const [method, setMethod] = useState<PaymentMethod | null>(methods[0] ?? null);
  const [details, setDetails] = useState({
    businessName: offer.invoiceDetails.businessName,
    npwp: offer.invoiceDetails.npwp,
  });
  const form = useServerForm<Field>();
  const create = useCreateTransaction();
  const snap = useSnap(offer.midtrans);
  // one key per choice in this form session: a double click or a retry sends the same purchase
  const keys = useRef(new Map<string, string>());
  const sending = useRef(false);

  const { preload } = snap;
  useEffect(() => {
    if (method === 'midtrans') preload();
  }, [method, preload]);

  const plan = offer.plans.find((p) => p.key === planKey);
  const duration = durations.find((d) => d.months === months);
  // the server's own arithmetic, so the figures shown are the figures charged
  const quote = quoteFor(offer, planKey, months);

  const submit = () => {
    if (sending.current || !method || !quote) return;
    const invoice = form.check(invoiceDetailsSchema.safeParse(details));
    if (!invoice) return;
    const choice = JSON.stringify([planKey, months, method, invoice]);
    const idempotencyKey = keys.current.get(choice) ?? newIdempotencyKey();
    keys.current.set(choice, idempotencyKey);
    const body: CreateTransactionBody = { planKey, months, method, idempotencyKey, invoiceDetails: invoice };
    sending.current = true;
    create.mutate(body, {
      onSuccess: (tx) => {
        const state: TransactionDetailState = { pay: tx.method === 'midtrans' };
        void navigate(`/user/transaction/${encodeURIComponent(tx._id)}`, { state });
      },
      onError: (error) => form.fail(forForm(error)),
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  const setDetail = (field: 'businessName' | 'npwp') => (value: string) => {
    form.clearError(field);
    setDetails((d) => ({ ...d, [field]: value }));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="purchase-form"
    >
      <Stack gap="lg">
        <PlanChoice
          plans={offer.plans}
          value={planKey}
          onChange={(value) => {
            form.clearError('planKey');
            setPlanKey(value);
          }}
          error={form.errors.planKey}
        />

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <DurationChoice
                durations={durations}
                value={months}
                onChange={(value) => {
                  form.clearError('months');
                  setMonths(value);
                }}
                error={form.errors.months}
              />

              <MethodChoice
                methods={methods}
                value={method}
                onChange={(value) => {
                  form.clearError('method');
                  setMethod(value);
                }}
                error={form.errors.method}
              />

              <Card withBorder radius="md" padding="lg">
                <Title order={2} fz="h5">
                  {TX_TEXT.invoiceHeading}
                </Title>
                <Text size="sm" c="dimmed" mb="sm">
                  {TX_TEXT.invoiceHint}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label={TX_TEXT.businessName}
                    placeholder={TX_TEXT.businessNamePlaceholder}
                    value={details.businessName}
                    onChange={(event) => setDetail('businessName')(event.currentTarget.value)}
                    error={form.errors.businessName}
                    maxLength={100}
                    data-testid="business-name"
                  />
                  <TextInput
                    label={TX_TEXT.npwp}
                    description={TX_TEXT.npwpDescription}
                    inputMode="numeric"
                    value={details.npwp}
                    onChange={(event) => setDetail('npwp')(event.currentTarget.value)}
                    error={form.errors.npwp}
                    maxLength={24}
                    data-testid="npwp"
                  />
                </SimpleGrid>
              </Card>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card
              withBorder
              radius="md"
              padding="lg"
              // below the fixed top bar while the choices scroll
              style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}
              data-testid="purchase-summary"
            >
              <Title order={2} fz="h5">
                {TX_TEXT.summaryHeading}
              </Title>
              {plan ? (
                <Text size="sm" c="dimmed" mb="md" data-testid="summary-plan">
                  {interpolate(TX_TEXT.planMonths, { plan: plan.name, months })}
                </Text>
              ) : null}
              {quote ? (
                <QuoteSummary
                  quote={quote}
                  monthlyPrice={plan?.monthlyPrice}
                  discountPercent={duration?.discountPercent}
                  ppn={offer.ppn}
                />
              ) : null}
              <Stack gap="sm" mt="lg">
                <FormAlert message={form.formError} />
                <Button
                  type="submit"
                  size="md"
                  fullWidth
                  loading={create.isPending}
                  disabled={!method || !quote}
                  data-testid="purchase-submit"
                >
                  {TX_TEXT.submit}
                </Button>
                <Text size="xs" c="dimmed" ta="center">
                  {TX_TEXT.paymentWindow}
                </Text>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
