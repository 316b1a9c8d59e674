import { Alert, Badge, Box, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { formatRupiah, interpolate, type Duration, type PaymentMethod, type Plan } from '@sapa/contracts';
import { planFeatures } from './transaction-format';
import { METHOD_LABELS, TX_TEXT } from './transaction-strings';

const LABEL_STYLES = { label: { fontWeight: 650, marginBottom: 8 } };

interface ChoiceProps<V> {
  value: V;
  onChange: (value: V) => void;
  error?: string;
}

/**
 * The plans as radio cards (arrow keys move between them): the name, the price a month and what
 * the plan includes.
 */
export function PlanChoice({ plans, value, onChange, error }: ChoiceProps<string> & { plans: Plan[] }) {
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={TX_TEXT.planLabel}
      error={error}
      styles={LABEL_STYLES}
    >
      <SimpleGrid cols={{ base: 1, sm: Math.min(plans.length, 3) }} spacing="md">
        {plans.map((p) => (
          <Radio.Card key={p.key} value={p.key} radius="md" p="md" data-testid={`plan-${p.key}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={3} />
              {/* a radio card is a button: its content stays phrasing (spans) */}
              <Box component="span" display="block" miw={0}>
                <Text component="span" display="block" fw={650}>
                  {p.name}
                </Text>
                <Text component="span" display="block" fw={700} fz="lg" mt={2}>
                  {interpolate(TX_TEXT.perMonth, { price: formatRupiah(p.monthlyPrice) })}
                </Text>
                {planFeatures(p).map((feature) => (
                  <Text key={feature} component="span" display="block" size="sm" c="dimmed" mt={4}>
                    <IconCheck size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 6 }} />
                    {feature}
                  </Text>
                ))}
              </Box>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** The durations (1, 3, 6, 12 months) as radio cards, each with its saving ('Hemat 5%'). */
export function DurationChoice({
  durations,
  value,
  onChange,
  error,
}: ChoiceProps<number> & { durations: Duration[] }) {
  return (
    <Radio.Group
      value={String(value)}
      onChange={(months) => onChange(Number(months))}
      label={TX_TEXT.durationLabel}
      error={error}
      styles={LABEL_STYLES}
    >
      <SimpleGrid cols={{ base: 2, xl: 4 }} spacing="sm">
        {durations.map((d) => (
          <Radio.Card
            key={d.months}
            value={String(d.months)}
            radius="md"
            p="sm"
            data-testid={`duration-${d.months}`}
          >
            <Group wrap="nowrap" gap="xs" align="flex-start">
              <Radio.Indicator mt={2} size="sm" />
              <Box component="span" display="block">
                <Text component="span" display="block" fw={600}>
                  {interpolate(TX_TEXT.months, { months: d.months })}
                </Text>
                {d.discountPercent > 0 ? (
                  <Badge component="span" color="green" variant="light" size="sm" tt="none" mt={4}>
                    {interpolate(TX_TEXT.saving, { percent: d.discountPercent })}
                  </Badge>
                ) : null}
              </Box>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** The ways to pay the operator set up, or why there is none yet. */
export function MethodChoice({
  methods,
  value,
  onChange,
  error,
}: ChoiceProps<PaymentMethod | null> & { methods: PaymentMethod[] }) {
  if (!methods.length)
    return (
      <Alert
        variant="light"
        color="orange"
        icon={<IconInfoCircle size={20} />}
        title={TX_TEXT.noMethodTitle}
        data-testid="no-method"
        styles={{ message: { color: 'var(--mantine-color-dark-7)' } }}
      >
        {TX_TEXT.noMethodBody}
      </Alert>
    );
  return (
    <Radio.Group
      value={value}
      onChange={(method) => onChange(method as PaymentMethod)}
      label={TX_TEXT.methodLabel}
      error={error}
      styles={LABEL_STYLES}
    >
      <Stack gap="sm">
        {methods.map((m) => (
          <Radio.Card key={m} value={m} radius="md" p="md" data-testid={`method-${m}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={3} />
              <Box component="span" display="block">
                <Text component="span" display="block" fw={600}>
                  {METHOD_LABELS[m].full}
                </Text>
                <Text component="span" display="block" size="sm" c="dimmed">
                  {m === 'midtrans' ? TX_TEXT.methodMidtransHint : TX_TEXT.methodBankHint}
                </Text>
              </Box>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
