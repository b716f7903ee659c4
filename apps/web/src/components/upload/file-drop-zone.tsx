import { FileUp } from 'lucide-react';
import { type DragEvent, type ReactNode, type Ref, useState } from 'react';
import { cn } from '@/lib/cn';

export interface FileDropZoneProps {
  /** The zone's main line, e.g. 'Drop IFC files here or choose them'. */
  title: string;
  /** A second line under the title. */
  hint?: ReactNode;
  /** The file input's accessible name, e.g. 'Choose IFC files'. */
  inputLabel: string;
  /** The input's accept list, e.g. '.ifc'. */
  accept: string;
  /** Why files cannot be added now; the zone is then inert and says so. */
  disabledReason?: string | undefined;
  /** Every file chosen or dropped at once, in order; the caller filters and queues them. */
  onFiles: (files: File[]) => void;
  /** The file input, for a button elsewhere that opens the same picker. */
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  children?: ReactNode;
}

/**
 * Where files are added (the create-project wizard and a project's files, issue 17): a dashed area
 * that takes several files dropped at once, or chosen through the browser's picker by a click or
 * the keyboard (the input inside the label). One component, so every place that adds files behaves
 * alike.
 */
export function FileDropZone({
  title,
  hint,
  inputLabel,
  accept,
  disabledReason,
  onFiles,
  inputRef,
  className,
  children,
}: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const disabled = disabledReason !== undefined;
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <label
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      title={disabledReason}
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
        dragging ? 'border-primary bg-primary/5' : 'border-border',
        className,
      )}
    >
      <FileUp className="size-6 text-primary" aria-hidden="true" />
      <span className="font-medium">{title}</span>
      {hint ? <span className="text-muted-foreground">{hint}</span> : null}
      {children}
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        multiple
        disabled={disabled}
        className="sr-only"
        aria-label={inputLabel}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Choosing the same files again must fire another change.
          event.target.value = '';
        }}
      />
    </label>
  );
}
