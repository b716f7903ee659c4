import type { FormEvent, ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useT } from '@/lib/i18n';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The fields (or whatever the person fills in or chooses). */
  children: ReactNode;
  /** Called on the submit button or Enter in a field; the page is never reloaded. */
  onSubmit: () => void;
  submitLabel: ReactNode;
  /** The submit button's words while `pending` ('Saving...'); the submit label when not given. */
  pendingLabel?: ReactNode;
  /** A save is under way: neither button works and the dialog cannot be closed until it ends. */
  pending?: boolean;
  /** The submit button is off (nothing to save yet, a field still invalid). */
  submitDisabled?: boolean;
  /** The form-wide failure (the server's answer), shown above the buttons. */
  error?: string | null | undefined;
  /** Given: a render error in the fields shows the form fallback, whose retry calls this first. */
  onReset?: () => void;
  className?: string;
}

/**
 * A dialog around one form (spec 2 §5 dialogs): title, description, fields, the form-wide error and
 * Cancel / submit. Cancel, Escape and the close button all close it through `onOpenChange`, except
 * while `pending`; focus goes back to what opened it (DialogContent's useReturnFocus).
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending = false,
  submitDisabled = false,
  error,
  onReset,
  className,
}: FormDialogProps) {
  const t = useT('common');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || submitDisabled) return;
    onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className={className}>
        <ErrorBoundary variant="form" onReset={onReset}>
          <form noValidate onSubmit={submit} className="grid gap-5">
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            {children}
            {error && <Alert variant="destructive">{error}</Alert>}
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={pending || submitDisabled}>
                {pending ? (pendingLabel ?? submitLabel) : submitLabel}
              </Button>
            </DialogFooter>
          </form>
        </ErrorBoundary>
      </DialogContent>
    </Dialog>
  );
}
