import { cloneElement, type ReactElement, useId } from 'react';
import { cn } from '@/lib/cn';
import { MessageText } from '@/lib/i18n/message-text';
import { Label } from './label';

export interface FormFieldProps {
  label: string;
  /**
   * The validation message, shown under the control and linked to it for screen readers: text, or the
   * message id a shared schema gives (rendered in the page's language).
   */
  error?: string | undefined;
  hint?: string;
  className?: string;
  /** One input-like element; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
}

export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId : undefined,
  });
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {error ? (
        <p id={messageId} className="text-xs font-medium text-destructive">
          <MessageText text={error} />
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
