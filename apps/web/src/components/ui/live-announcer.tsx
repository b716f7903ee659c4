import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Announce = (message: string) => void;

const AnnouncerContext = createContext<Announce>(() => {});

/**
 * One polite live region for the whole app (issue 21): progress that has no toast of its own (an
 * upload's progress, a file's processing) is read to screen-reader users once per message, without
 * interrupting them. The region is in the page from the start, as assistive technology only hears
 * changes to regions it already knows.
 */
export function LiveAnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announce = useCallback<Announce>((next) => {
    // Cleared first, then set: the same words said twice in a row are still a change to announce.
    setMessage('');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(next), 100);
  }, []);
  const value = useMemo(() => announce, [announce]);
  return (
    <AnnouncerContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
        {message}
      </div>
    </AnnouncerContext.Provider>
  );
}

/** Says `message` through the app's polite live region. */
export function useAnnounce(): Announce {
  return useContext(AnnouncerContext);
}
