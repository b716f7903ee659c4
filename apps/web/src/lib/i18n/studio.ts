/**
 * The Studio's translator. Its catalogue registers here, imported only by the Studio's lazily loaded
 * modules (not re-exported from ./index), so the
 * sign-in and dashboard first views carry no reference to it (their bundle budgets are full).
 */

import { studioCatalogue } from '@/messages/studio/catalogue';
import { registerNamespace, useT } from './store';

registerNamespace('studio', studioCatalogue);

export function useStudioT(): ReturnType<typeof useT> {
  return useT('studio');
}
