import { useEffect, useRef, useState } from 'react';

/** Search debounce of the metadata explorer (spec 2 §9: 500 ms). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The search box's own text, handed to `onSettled` once typing pauses; it follows `value` when that
 * changes from outside (another version's stored search).
 */
export function useDebouncedSearch(value: string, onSettled: (text: string) => void) {
  const [text, setText] = useState(value);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => settled.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}
