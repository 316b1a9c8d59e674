import { useState } from 'react';
import { Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { interpolate } from '@sapa/contracts';
import { offeredMonths, previewQuote, type BillingValues } from './setting-billing-values';
import { SETTING_TEXT } from './setting-strings';
import { MoneyRows } from './tx-parts';

/**
 * 'Contoh tagihan': what one plan for some months would cost under the form's figures, worked out by
 * the contracts' quoteFor (the server's own arithmetic), before anything is saved.
 */
export function SettingQuotePreview({ values }: { values: BillingValues }) {
  const months = offeredMonths(values);
  const [choice, setChoice] = useState<{ rowId: string | null; months: number | null }>({
    rowId: null,
    months: null,
  });
  // a removed plan or a duration no longer offered falls back to the first one
  const rowId = values.plans.some((p) => p.rowId === choice.rowId)
    ? choice.rowId
    : (values.plans[0]?.rowId ?? null);
  const term = months.includes(choice.months as never) ? choice.months : (months.at(-1) ?? null);
  const plan = values.plans.find((p) => p.rowId === rowId);
  const quote = rowId && term ? previewQuote(values, rowId, term) : null;
  const { ratePercent, baseNumerator, baseDenominator } = values.ppn;

  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)" data-testid="quote-preview">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={SETTING_TEXT.previewPlan}
            data={values.plans.map((p, i) => ({
              value: p.rowId,
              label: p.name.trim() || interpolate(SETTING_TEXT.planTitle, { n: i + 1 }),
            }))}
            value={rowId}
            onChange={(value) => setChoice((c) => ({ ...c, rowId: value }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="preview-plan"
          />
          <Select
            label={SETTING_TEXT.previewMonths}
            data={months.map((m) => ({
              value: String(m),
              label: interpolate(SETTING_TEXT.durationMonths, { months: m }),
            }))}
            value={term ? String(term) : null}
            onChange={(value) => setChoice((c) => ({ ...c, months: value ? Number(value) : null }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="preview-months"
          />
        </SimpleGrid>
        {quote && plan && term ? (
          <MoneyRows
            quote={quote}
            monthlyPrice={plan.monthlyPrice as number}
            rates={{
              discountPercent: values.durations[term as keyof BillingValues['durations']]
                .discountPercent as number,
              ppnPercent: ratePercent as number,
              base: `${baseNumerator}/${baseDenominator}`,
            }}
            testId="preview-money"
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="preview-incomplete">
            {SETTING_TEXT.previewIncomplete}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
