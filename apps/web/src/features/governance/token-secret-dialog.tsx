import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { t as translate, useT } from '@/lib/i18n';

/** The one time a token's secret is shown: copy it now; closing the dialog forgets it. */
export function TokenSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useT('governance');
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret).then(
      () => toast.success(translate('governance.secret.copied')),
      () => undefined,
    );
  };
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('governance.secret.title')}</DialogTitle>
          <DialogDescription>{t('governance.secret.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input
            readOnly
            value={secret ?? ''}
            aria-label={t('governance.secret.title')}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" onClick={copy}>
            <Copy /> {t('governance.secret.copy')}
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{t('governance.secret.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
