import { WEEKDAYS_ID, type AutoReplyBody, type AutoReplySettings } from '@sapa/contracts';

/** One weekday's row in the editor: open or not, and its hours (kept while unticked). */
export interface DayRow {
  day: number;
  name: string;
  enabled: boolean;
  open: string;
  close: string;
}

export interface AutoReplyForm {
  days: DayRow[];
  awayEnabled: boolean;
  awayText: string;
  greetingEnabled: boolean;
  greetingText: string;
}

/** A field's key in the form's errors: `open-1`, `close-1`, `day-1`, `awayText`, `greetingText`. */
export type FieldKey = string;

const DEFAULT_OPEN = '08:00';
const DEFAULT_CLOSE = '17:00';

/** The editor's state from the saved settings: Senin..Minggu, the closed days unticked. */
export function toForm(settings: AutoReplySettings): AutoReplyForm {
  return {
    days: WEEKDAYS_ID.map(({ day, name }) => {
      const saved = settings.hours.find((h) => h.day === day);
      return {
        day,
        name,
        enabled: !!saved,
        open: saved?.open ?? DEFAULT_OPEN,
        close: saved?.close ?? DEFAULT_CLOSE,
      };
    }),
    awayEnabled: settings.awayEnabled,
    awayText: settings.awayText,
    greetingEnabled: settings.greetingEnabled,
    greetingText: settings.greetingText,
  };
}

/** What PUT /account/{id}/auto-reply takes: the ticked days only, in the editor's order. */
export function toBody(form: AutoReplyForm): AutoReplyBody {
  return {
    hours: form.days.filter((d) => d.enabled).map(({ day, open, close }) => ({ day, open, close })),
    awayEnabled: form.awayEnabled,
    awayText: form.awayText,
    greetingEnabled: form.greetingEnabled,
    greetingText: form.greetingText,
  };
}

/**
 * Issues (the schema's or the server's `fields`) keyed by the editor's fields: `hours.2.close` is
 * the close time of the third ticked day.
 */
export function fieldErrors(form: AutoReplyForm, issues: Record<string, string>): Record<FieldKey, string> {
  const ticked = form.days.filter((d) => d.enabled);
  const errors: Record<FieldKey, string> = {};
  for (const [path, message] of Object.entries(issues)) {
    const match = /^hours\.(\d+)\.(open|close|day)$/.exec(path);
    if (match) {
      const row = ticked[Number(match[1])];
      if (row) errors[`${match[2] === 'day' ? 'open' : match[2]}-${row.day}`] ??= message;
    } else errors[path.split('.')[0] ?? path] ??= message;
  }
  return errors;
}

/** Monday's hours (ticked or not) on every day, each day ticked like Monday. */
export function copyMonday(form: AutoReplyForm): AutoReplyForm {
  const monday = form.days.find((d) => d.day === 1);
  if (!monday) return form;
  return {
    ...form,
    days: form.days.map((d) => ({ ...d, enabled: monday.enabled, open: monday.open, close: monday.close })),
  };
}
