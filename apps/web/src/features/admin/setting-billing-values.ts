import {
  DURATION_MONTHS,
  quoteFor,
  type BillingSettings,
  type DurationMonths,
  type Quote,
} from '@sapa/contracts';
import { numberOrUndefined, type NumberValue } from './setting-form';

/** One plan as the form edits it; `rowId` keys the row while its key is being typed. */
export interface PlanRow {
  rowId: string;
  key: string;
  name: string;
  monthlyPrice: NumberValue;
  numbers: NumberValue;
  agents: NumberValue;
  broadcastsPerMonth: NumberValue;
}

/** 'Paket & Harga' as the form edits it: every duration is listed, offered or not. */
export interface BillingValues {
  plans: PlanRow[];
  durations: Record<DurationMonths, { offered: boolean; discountPercent: NumberValue }>;
  trialDays: NumberValue;
  ppn: { ratePercent: NumberValue; baseNumerator: NumberValue; baseDenominator: NumberValue };
}

let rows = 0;
/** A new row key, unique in the tab. */
export const newRowId = () => `row-${++rows}`;

/** An empty plan to fill in. */
export function emptyPlan(): PlanRow {
  return {
    rowId: newRowId(),
    key: '',
    name: '',
    monthlyPrice: '',
    numbers: 1,
    agents: 0,
    broadcastsPerMonth: 0,
  };
}

/** The form's values of the stored settings. */
export function billingValuesOf(settings: BillingSettings): BillingValues {
  const durations = Object.fromEntries(
    DURATION_MONTHS.map((months) => {
      const offered = settings.durations.find((d) => d.months === months);
      return [months, { offered: !!offered, discountPercent: offered?.discountPercent ?? 0 }];
    }),
  ) as BillingValues['durations'];
  return {
    plans: settings.plans.map((p) => ({ ...p, rowId: newRowId() })),
    durations,
    trialDays: settings.trialDays,
    ppn: { ...settings.ppn },
  };
}

/** The durations offered, shortest first. */
export function offeredMonths(values: BillingValues): DurationMonths[] {
  return DURATION_MONTHS.filter((months) => values.durations[months].offered);
}

/**
 * The PUT /admin/billing body of the form (empty numbers left out, so the schema names them), with
 * the affiliate programme as stored: that section saves it on its own.
 */
export function billingBodyOf(values: BillingValues, affiliate: BillingSettings['affiliate']) {
  return {
    plans: values.plans.map(({ rowId: _rowId, ...plan }) => ({
      key: plan.key.trim(),
      name: plan.name.trim(),
      monthlyPrice: numberOrUndefined(plan.monthlyPrice),
      numbers: numberOrUndefined(plan.numbers),
      agents: numberOrUndefined(plan.agents),
      broadcastsPerMonth: numberOrUndefined(plan.broadcastsPerMonth),
    })),
    durations: offeredMonths(values).map((months) => ({
      months,
      discountPercent: numberOrUndefined(values.durations[months].discountPercent),
    })),
    trialDays: numberOrUndefined(values.trialDays),
    ppn: {
      ratePercent: numberOrUndefined(values.ppn.ratePercent),
      baseNumerator: numberOrUndefined(values.ppn.baseNumerator),
      baseDenominator: numberOrUndefined(values.ppn.baseDenominator),
    },
    affiliate,
  };
}

/** The form's path of a body path: the body lists offered durations only ('durations.1' is 3 months). */
export function billingPathOf(values: BillingValues) {
  const months = offeredMonths(values);
  return (path: string) =>
    path.replace(/^durations\.(\d+)/, (whole, index: string) => {
      const m = months[Number(index)];
      return m ? `durations.m${m}` : whole;
    });
}

/** The quote of one plan for some months under the form's values; null while a figure is missing. */
export function previewQuote(values: BillingValues, rowId: string, months: number): Quote | null {
  const row = values.plans.find((p) => p.rowId === rowId);
  const term = values.durations[months as DurationMonths];
  const { ratePercent, baseNumerator, baseDenominator } = values.ppn;
  if (!row || row.monthlyPrice === '' || !term?.offered || term.discountPercent === '') return null;
  if (ratePercent === '' || baseNumerator === '' || !baseDenominator) return null;
  return quoteFor(
    {
      plans: [
        {
          key: row.rowId,
          name: row.name,
          monthlyPrice: row.monthlyPrice,
          numbers: 1,
          agents: 0,
          broadcastsPerMonth: 0,
        },
      ],
      durations: [{ months: months as DurationMonths, discountPercent: term.discountPercent }],
      ppn: { ratePercent, baseNumerator, baseDenominator },
    },
    row.rowId,
    months,
  );
}
