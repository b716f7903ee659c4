import { useId, useState } from 'react';
import { useT } from '@/lib/i18n';

/**
 * A list of values that shows its first few and a "+N more" button; the button expands the whole
 * list (scrolling inside a bounded box, so a 660-code enumeration never makes a row 1,400 px tall)
 * and "Show fewer" folds it again (issue 17).
 */
export function ExpandableValues({ values, shown = 3 }: { values: readonly string[]; shown?: number }) {
  const t = useT('common');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const more = values.length - shown;
  if (more <= 0) return <span>{values.join(', ')}</span>;
  return (
    <span className="grid gap-1">
      {open ? (
        <span id={listId} className="max-h-48 overflow-y-auto break-words rounded-md bg-muted/40 p-2 text-xs">
          {values.join(', ')}
        </span>
      ) : (
        <span id={listId}>{values.slice(0, shown).join(', ')}</span>
      )}
      <button
        type="button"
        className="justify-self-start text-xs font-medium text-primary underline-offset-2 hover:underline"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('common.showFewer') : t('common.showMore', { count: more })}
      </button>
    </span>
  );
}
