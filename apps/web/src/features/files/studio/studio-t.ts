/**
 * The Studio's translator. Its catalogue registers here, in the Studio's lazily loaded chunk, so the
 * sign-in and dashboard first views carry no reference to it (their bundle budgets are full).
 */
import { useT } from '@/lib/i18n';
import { namespaces } from '@/messages';
import { studioCatalogue } from '@/messages/studio/catalogue';

namespaces.studio = studioCatalogue;

export function useStudioT(): ReturnType<typeof useT> {
  return useT('studio');
}
