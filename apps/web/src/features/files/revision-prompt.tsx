import { useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

export type RevisionChoice = 'replace' | 'separate' | 'skip';

export interface RevisionCandidate {
  /** The uploaded file's name. */
  fileName: string;
  /** The current IDS file it looks like a revision of. */
  name: string;
  title: string;
}

/**
 * The question an IDS upload asks when the server finds a current file with the same title and file
 * name (409 ids_revision_suggested, issue 30): replace it (a new revision: unchanged requirements keep
 * their history) or keep the upload as a separate file. `ask` resolves with the choice.
 */
export function useRevisionPrompt() {
  const t = useT('files');
  const [candidate, setCandidate] = useState<RevisionCandidate | null>(null);
  const answer = useRef<((choice: RevisionChoice) => void) | null>(null);

  function ask(next: RevisionCandidate): Promise<RevisionChoice> {
    setCandidate(next);
    return new Promise((resolve) => {
      answer.current = resolve;
    });
  }

  function choose(choice: RevisionChoice) {
    answer.current?.(choice);
    answer.current = null;
    setCandidate(null);
  }

  const label = candidate ? candidate.title || candidate.name : '';
  const dialog = (
    <AlertDialog open={candidate !== null} onOpenChange={(open) => !open && choose('skip')}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('files.revision.title', { label })}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('files.revision.text', { file: candidate?.fileName ?? '', label })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => choose('skip')}>{t('files.cancel')}</AlertDialogCancel>
          <Button variant="outline" onClick={() => choose('separate')}>
            {t('files.revision.separate')}
          </Button>
          <AlertDialogAction onClick={() => choose('replace')}>
            {t('files.revision.replace', { label })}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { ask, dialog };
}
