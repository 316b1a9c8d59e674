import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '@sapa/contracts';
import { ToastContext, type ToastApi, type ToastInput, type ToastType } from './toast-context';
import { ToastView } from './toast-view';

export interface ActiveToast {
  id: number;
  title: string;
  message: string;
  type: ToastType;
  timeout: number;
}

/** Holds the one visible toast. Each toast gets a new id, so a new one replaces (closes) the old. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ActiveToast | null>(null);
  const nextId = useRef(1);

  const hide = useCallback(() => setToast(null), []);
  const show = useCallback((input: ToastInput) => {
    setToast({
      id: nextId.current++,
      title: input.title,
      message: input.message,
      type: input.type ?? 'info',
      timeout: input.timeout ?? LIMITS.toastTimeoutMs,
    });
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, hide }), [show, hide]);
  const close = useCallback((id: number) => setToast((current) => (current?.id === id ? null : current)), []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toast ? <ToastView key={toast.id} toast={toast} onClose={close} /> : null}
    </ToastContext.Provider>
  );
}
