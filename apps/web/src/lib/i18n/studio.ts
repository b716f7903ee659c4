import { useT } from './store';

/** The IDS Studio's translator (its catalogue: messages/studio, loaded on demand with the Studio). */
export function useStudioT(): ReturnType<typeof useT> {
  return useT('studio');
}
