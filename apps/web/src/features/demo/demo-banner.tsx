import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { rich, useT } from '@/lib/i18n';

/** Tells the visitor they are in the read-only demo and how to get a real workspace. */
export function DemoBanner() {
  const t = useT('common');
  return (
    <div className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2">
          <Eye className="size-4 shrink-0" aria-hidden="true" />
          <span>
            {rich(t, 'common.demo.banner', {
              strong: (chunks) => <strong className="font-semibold">{chunks}</strong>,
            })}
          </span>
        </p>
        <Button asChild size="sm" variant="outline" className="border-amber-300 bg-white/70 hover:bg-white">
          <Link to="/signup">{t('common.demo.createAccount')}</Link>
        </Button>
      </div>
    </div>
  );
}
