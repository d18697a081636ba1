/**
 * The toast queue (docs/product.md: auto-hide after 3500 ms). Any area pushes; the shell renders
 * the one toast box for the whole site.
 */
import { createStore, useStore } from 'zustand';
import { FORM_ERRORS_MESSAGE, LIMITS } from './validation/rules.ts';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastState {
  toasts: Toast[];
  push(kind: ToastKind, text: string): void;
  dismiss(id: number): void;
}

let nextId = 1;
export const toastStore = createStore<ToastState>((set) => ({
  toasts: [],
  push(kind, text) {
    const id = nextId++;
    // The same text twice in a row (e.g. a double click) shows once.
    set((state) => ({
      toasts: [...state.toasts.filter((t) => t.text !== text), { id, kind, text }].slice(-4),
    }));
    setTimeout(() => toastStore.getState().dismiss(id), LIMITS.toastMs);
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

export const toast = {
  success: (text: string) => toastStore.getState().push('success', text),
  info: (text: string) => toastStore.getState().push('info', text),
  warning: (text: string) => toastStore.getState().push('warning', text),
  error: (text: string) => toastStore.getState().push('error', text),
};

export function useToasts(): Toast[] {
  return useStore(toastStore, (state) => state.toasts);
}

/**
 * A form sent with errors: each form shows its messages under its fields and calls this, so
 * every form (/add, /join, /login, the tag dialog…) also says so with the same toast.
 */
export function toastFormErrors(): void {
  toast.warning(FORM_ERRORS_MESSAGE);
}
