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
import { GOVERNANCE_TEXT as T } from './messages';

/** The one time a token's secret is shown: copy it now; closing the dialog forgets it. */
export function TokenSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret).then(
      () => toast.success(T.copied),
      () => undefined,
    );
  };
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.secretTitle}</DialogTitle>
          <DialogDescription>{T.secretDescription}</DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input
            readOnly
            value={secret ?? ''}
            aria-label={T.secretTitle}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" onClick={copy}>
            <Copy /> {T.copy}
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{T.done}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
