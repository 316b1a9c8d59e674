import { describe, expect, it } from 'vitest';
import { billingSettings, DEFAULT_BILLING_SETTINGS, DURATION_MONTHS, quoteFor } from './billing';

describe('quotes in whole rupiah (issue 22 part 1)', () => {
  it('PPN is 12% of a tax base of 11/12 of the price, each figure rounded down', () => {
    expect(quoteFor(DEFAULT_BILLING_SETTINGS, 'dasar', 1)).toEqual({
      planKey: 'dasar',
      months: 1,
      gross: 99_000,
      discount: 0,
      subtotal: 99_000,
      taxBase: 90_750,
      tax: 10_890,
      total: 109_890,
    });
    // 709,650 x 11/12 = 650,512.5 and 650,512 x 12% = 78,061.44: both rounded down
    expect(quoteFor(DEFAULT_BILLING_SETTINGS, 'pro', 3)).toEqual({
      planKey: 'pro',
      months: 3,
      gross: 747_000,
      discount: 37_350,
      subtotal: 709_650,
      taxBase: 650_512,
      tax: 78_061,
      total: 787_711,
    });
    expect(quoteFor(DEFAULT_BILLING_SETTINGS, 'bisnis', 12)).toMatchObject({
      gross: 7_188_000,
      discount: 1_437_600,
      subtotal: 5_750_400,
      taxBase: 5_271_200,
      tax: 632_544,
      total: 6_382_944,
    });
  });

  it('every offer adds up in integers, near an effective 11%', () => {
    for (const offer of DEFAULT_BILLING_SETTINGS.plans)
      for (const months of DURATION_MONTHS) {
        const q = quoteFor(DEFAULT_BILLING_SETTINGS, offer.key, months)!;
        for (const value of [q.gross, q.discount, q.subtotal, q.taxBase, q.tax, q.total])
          expect(Number.isInteger(value)).toBe(true);
        expect(q.gross).toBe(offer.monthlyPrice * months);
        expect(q.subtotal).toBe(q.gross - q.discount);
        expect(q.total).toBe(q.subtotal + q.tax);
        expect(Math.abs(q.tax - q.subtotal * 0.11)).toBeLessThan(2);
      }
  });

  it('a plan or duration not offered has no quote; a changed rate applies', () => {
    expect(quoteFor(DEFAULT_BILLING_SETTINGS, 'emas', 1)).toBeNull();
    expect(quoteFor(DEFAULT_BILLING_SETTINGS, 'pro', 2)).toBeNull();
    const noTax = {
      ...DEFAULT_BILLING_SETTINGS,
      ppn: { ratePercent: 0, baseNumerator: 1, baseDenominator: 1 },
    };
    expect(quoteFor(noTax, 'dasar', 1)).toMatchObject({ tax: 0, total: 99_000 });
  });

  it('settings refuse fractions of a rupiah, repeated keys and durations, a base above the price', () => {
    expect(billingSettings.safeParse(DEFAULT_BILLING_SETTINGS).success).toBe(true);
    const [first] = DEFAULT_BILLING_SETTINGS.plans;
    const bad = [
      { ...DEFAULT_BILLING_SETTINGS, plans: [{ ...first!, monthlyPrice: 99_000.5 }] },
      { ...DEFAULT_BILLING_SETTINGS, plans: [first!, first!] },
      {
        ...DEFAULT_BILLING_SETTINGS,
        durations: [
          { months: 1, discountPercent: 0 },
          { months: 1, discountPercent: 5 },
        ],
      },
      { ...DEFAULT_BILLING_SETTINGS, durations: [{ months: 2, discountPercent: 0 }] },
      { ...DEFAULT_BILLING_SETTINGS, ppn: { ratePercent: 12, baseNumerator: 13, baseDenominator: 12 } },
    ];
    for (const settings of bad) expect(billingSettings.safeParse(settings).success).toBe(false);
  });
});
