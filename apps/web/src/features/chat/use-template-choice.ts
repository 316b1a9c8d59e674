import { useCallback, useState } from 'react';
import type { CloudTemplate } from '@sapa/contracts';
import { parameterErrors } from './cloud-template';

export interface TemplateChoice {
  /** the picked template, or null while choosing */
  template: CloudTemplate | null;
  /** what was typed for each {{n}} of the picked template ('Isian n') */
  values: string[];
  /** each value's refusal, shown after a check */
  errors: (string | null)[];
  /** picks a template (its values start empty) or goes back to choosing (null) */
  pick: (template: CloudTemplate | null) => void;
  setValue: (index: number, value: string) => void;
  /** shows each value's refusal; answers the index of the first refused value, or -1 */
  check: () => number;
}

interface State {
  template: CloudTemplate | null;
  values: string[];
  errors: (string | null)[];
}

const chosen = (template: CloudTemplate | null): State => ({
  template,
  values: Array.from({ length: template?.parameterCount ?? 0 }, () => ''),
  errors: [],
});

/**
 * issue 25: a WhatsApp Cloud API template being chosen and filled in, shared by the room's picker
 * and the start-chat dialog: all values are required, at most 1024 characters each.
 */
export function useTemplateChoice(initial: CloudTemplate | null = null): TemplateChoice {
  const [state, setState] = useState<State>(() => chosen(initial));

  const pick = useCallback((template: CloudTemplate | null) => setState(chosen(template)), []);

  const setValue = useCallback((index: number, value: string) => {
    setState((s) => ({
      ...s,
      values: s.values.map((v, i) => (i === index ? value : v)),
      errors: s.errors[index] ? s.errors.map((e, i) => (i === index ? null : e)) : s.errors,
    }));
  }, []);

  const check = () => {
    const errors = parameterErrors(state.values);
    setState((s) => ({ ...s, errors }));
    return errors.findIndex(Boolean);
  };

  return { ...state, pick, setValue, check };
}
