import type { toast } from 'sonner';

type Toast = typeof toast;

/**
 * sonner's `toast.success` and `toast.error` for the modules of the first views (the session, the
 * invitations banner): the library loads with the first toast instead of with the page, which the
 * sign-in pages and the dashboard's first view do not need (issue 37, decision 0441). The toasts'
 * region itself arrives just after the first render (app/providers.tsx).
 */
export const lazyToast = {
  success: (...args: Parameters<Toast['success']>): void => {
    void import('sonner').then((sonner) => sonner.toast.success(...args));
  },
  error: (...args: Parameters<Toast['error']>): void => {
    void import('sonner').then((sonner) => sonner.toast.error(...args));
  },
};
