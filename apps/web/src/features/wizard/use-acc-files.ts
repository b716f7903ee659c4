import { useQuery } from '@tanstack/react-query';
import { accKeys, listAccFiles } from '@/lib/acc';
import type { Wizard } from './use-wizard';

/**
 * The chosen ACC project's BIM files (spec 1 §7 all-files): the Details step's background access check
 * and the Files step's list are this one request.
 */
export function useAccProjectFiles(wizard: Wizard) {
  const { accSessionId, hub, accProject, source } = wizard.state;
  const session = accSessionId ?? '';
  return useQuery({
    queryKey: accKeys.files(session, hub?.id ?? '', accProject?.id ?? ''),
    queryFn: () => listAccFiles(session, hub?.id ?? '', accProject?.id ?? ''),
    enabled: source === 'acc' && !!session && !!hub && !!accProject,
    retry: false,
    staleTime: 60_000,
  });
}
