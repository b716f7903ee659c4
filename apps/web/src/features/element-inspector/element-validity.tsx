import type { ElementCompliance } from '@plumbline/contracts';
import { ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n';
import { validityText } from '@/lib/validity-text';

/**
 * The element's model validity findings (issue 38): what is wrong with the element itself, by rule,
 * each in words. Its verdicts that these make unreliable carry their marks in the list above.
 */
export function ElementValidityFindings({ findings }: { findings: ElementCompliance['validity_findings'] }) {
  const t = useT('validity'); // also the rules' words in the page's language (validityText)
  if (findings.length === 0) return null;
  return (
    <section
      aria-label={t('validity.inspector.label')}
      className="rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2.5"
    >
      <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-yellow-800">
        <ShieldAlert aria-hidden="true" className="size-3.5" strokeWidth={2.5} />
        {t('validity.inspector.title')}
      </p>
      <ul className="mt-1.5 space-y-1.5">
        {findings.map((f, i) => (
          // A rule can name the element more than once (one finding per property set, per attribute …).
          // biome-ignore lint/suspicious/noArrayIndexKey: findings have no identity of their own here
          <li key={`${f.rule}-${i}`} className="text-sm" data-validity-finding={f.rule}>
            <span className="mr-1.5 inline-flex items-center gap-1 align-middle">
              <Badge variant={f.severity === 'error' ? 'destructive' : 'warning'}>{f.rule}</Badge>
            </span>
            {validityText(f.message)}
            <span className="block text-xs text-muted-foreground">
              {validityText({ id: `validity.rule.${f.rule}`, values: {} })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
