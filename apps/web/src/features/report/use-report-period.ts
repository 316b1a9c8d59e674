import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { reportYears } from '@sapa/contracts';
import type { ReportPeriod } from '../../resources/report/report-queries';
import { readPeriod } from './report-format';

/**
 * The report's month and year, kept in the address (`?year=2026&month=3`) so a link or a reload shows
 * the same period; the current Jakarta month when the address has none. `years` are the choices
 * (spec §9: 2024, 2025 and every later year up to the current one).
 */
export function useReportPeriod(): {
  period: ReportPeriod;
  years: number[];
  setPeriod: (period: ReportPeriod) => void;
} {
  const [params, setParams] = useSearchParams();
  const years = useMemo(() => reportYears(new Date()), []);
  const year = params.get('year');
  const month = params.get('month');
  const period = useMemo(
    () => readPeriod(new URLSearchParams({ year: year ?? '', month: month ?? '' }), years),
    [year, month, years],
  );
  const setPeriod = (next: ReportPeriod) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('year', String(next.year));
        copy.set('month', String(next.month));
        return copy;
      },
      { replace: true },
    );
  return { period, years, setPeriod };
}
