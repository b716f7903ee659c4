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
          <AlertDialogTitle>This looks like a new revision of {label} — replace it?</AlertDialogTitle>
          <AlertDialogDescription>
            {candidate?.fileName} has the same title and file name as {label}. Replacing keeps the history of
            every requirement that did not change; the replaced revision stays listed for the versions checked
            against it. Or keep it as a separate IDS file.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => choose('skip')}>Cancel</AlertDialogCancel>
          <Button variant="outline" onClick={() => choose('separate')}>
            Keep as a separate file
          </Button>
          <AlertDialogAction onClick={() => choose('replace')}>Replace {label}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { ask, dialog };
}
