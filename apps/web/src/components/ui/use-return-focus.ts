import { useRef } from 'react';

/**
 * Focus handlers for a Radix dialog's content that give focus back to whatever opened it (WCAG 2.4.3).
 * Radix returns focus to a `Dialog.Trigger`; a dialog opened from state (`open` prop, no trigger) would
 * leave focus on the page's body. The element focused when the dialog opens is remembered and focused
 * again when it closes, if it is still on the page; otherwise Radix's own behaviour applies.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Fired before focus moves into the dialog: the active element is still the opener.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const element = opener.current;
      opener.current = null;
      if (element?.isConnected && element !== document.body) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
