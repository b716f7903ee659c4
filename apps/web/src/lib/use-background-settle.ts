import { useDeferredValue } from 'react';

/**
 * Whether a view should still show its loading state: true while `pending`, and stays true for the
 * render in which the answer arrives, which then draws the content in a background render instead.
 *
 * React Query tells React of an answer through `useSyncExternalStore`, whose updates render
 * synchronously: the whole area (cards, tables, the dashboard shell) in one long task. Behind
 * `useDeferredValue` that render only repeats the skeleton, and React draws the content in a
 * deferred render it slices into short tasks, as it does for transitions (issue 21: Lighthouse's
 * total blocking time on a phone). Going back to pending (another project chosen) is immediate.
 */
export function useBackgroundSettle(pending: boolean): boolean {
  const deferred = useDeferredValue(pending);
  return pending || deferred;
}
