import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { cleanUpAccSession, isAccHandOver, storedAccSession } from './acc-session';

/** Spec 1 §4: paths that are part of the import (or its way back), where navigation keeps the session. */
const KEEPS_SESSION = /subscription|oauth|dashboard/;
/** Spec 1 §4 'scheduled timer (default 1 hour)': the browser's check of its stored session. */
export const ACC_CLEANUP_INTERVAL_MS = 60 * 60_000;

/**
 * Spec 1 §4 ACC session context clean-up, for every page: on page unload (unless the page is leaving
 * for Autodesk or Stripe and coming back), on navigation to a path outside the import, and hourly (a
 * stored session past its 30 minutes is forgotten). The server deletes its row on the first two and by
 * its own one-hour timer (decision 0340).
 */
export function useAccSessionCleanup(): void {
  const { pathname } = useLocation();
  const firstPath = useRef(true);

  // A move to another path; a page's first path is a load, not navigation (a help page opened in a new tab).
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    if (!KEEPS_SESSION.test(pathname)) cleanUpAccSession('navigation');
  }, [pathname]);

  useEffect(() => {
    const onLeave = () => {
      if (!isAccHandOver()) cleanUpAccSession('page_unload');
    };
    // pagehide fires where beforeunload may not (mobile, bfcache); the clean-up is idempotent.
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('beforeunload', onLeave);
    const timer = window.setInterval(() => storedAccSession(), ACC_CLEANUP_INTERVAL_MS);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('beforeunload', onLeave);
      window.clearInterval(timer);
    };
  }, []);
}

/** The clean-up as a component, so the root layout can load it after the first paint. */
export function AccSessionCleanup(): null {
  useAccSessionCleanup();
  return null;
}
