import type { VerdictMark } from '@plumbline/contracts';
import { ShieldAlert } from 'lucide-react';
import { useT } from '@/lib/i18n';
import { validityMarkText } from '@/lib/validity-mark-text';

/**
 * The validity errors that make a verdict unreliable, beside it: an icon and the reason in words.
 * Yellow-800 on white is 7.4:1 (WCAG AA); the icon is decorative, the text carries the meaning.
 */
export function ValidityMarks({ marks }: { marks: readonly VerdictMark[] }) {
  const t = useT('validity');
  if (marks.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5" aria-label={t('validity.marks.label')}>
      {marks.map((mark) => (
        <li
          key={mark.code}
          className="flex max-w-64 items-start gap-1 text-xs whitespace-normal text-yellow-800"
          data-validity-mark={mark.code}
        >
          <ShieldAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" strokeWidth={2.5} />
          <span>{validityMarkText(t, mark)}</span>
        </li>
      ))}
    </ul>
  );
}
