import { createContext } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** A toast of spec §3: title, message, type and how long it stays (ms, default 3000). */
export interface ToastInput {
  title: string;
  message: string;
  type?: ToastType;
  timeout?: number;
}

export interface ToastApi {
  /** Shows a toast; a visible one is closed first (spec §4). */
  show: (toast: ToastInput) => void;
  hide: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
