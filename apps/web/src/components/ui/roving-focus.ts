import type { KeyboardEvent } from 'react';

/**
 * Where the arrow keys move focus inside a group that is one Tab stop (issue 21: facet groups): Down
 * and Right to the next item, Up and Left to the previous (wrapping), Home and End to the ends. Null
 * for any other key, which keeps its meaning (Space still ticks a checkbox, Tab leaves the group).
 */
export function rovingTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowUp':
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Key handler for a list of focusable items (`selector` inside the list): moves focus by the arrows.
 * The items themselves carry tabIndex 0 for the current one and -1 for the rest.
 */
export function onRovingKeyDown(event: KeyboardEvent<HTMLElement>, selector: string): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
  const index = items.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  const target = rovingTarget(event.key, index, items.length);
  if (target === null) return;
  event.preventDefault();
  items[target]?.focus();
}
