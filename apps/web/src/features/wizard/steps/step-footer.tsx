import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

/** Back and the forward button of a middle step (hidden on the first and last steps, spec 1 §2.1). */
export function StepFooter({
  onBack,
  children,
  disabledBack = false,
}: {
  onBack: () => void;
  children: ReactNode;
  disabledBack?: boolean;
}) {
  const t = useT('wizard');
  return (
    <div className="mt-6 flex items-center justify-between gap-3 border-t border-border pt-4">
      <Button variant="outline" onClick={onBack} disabled={disabledBack}>
        {t('wizard.footer.back')}
      </Button>
      {children}
    </div>
  );
}
