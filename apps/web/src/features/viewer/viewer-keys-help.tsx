import { Keyboard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useT } from '@/lib/i18n';
import { viewerKeyHelp } from './viewer-keys';

/** The toolbar's "Keyboard controls" button and the popover listing the viewer's keys. */
export function ViewerKeysHelp({ canStep }: { canStep: boolean }) {
  const t = useT('viewer');
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="icon" aria-label={t('viewer.keys')} className="size-8 bg-card/90">
          <Keyboard className="size-4" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label={t('viewer.keys')} className="w-80">
        <p className="mb-2 font-medium">{t('viewer.keys')}</p>
        <p className="mb-2 text-xs text-muted-foreground">{t('viewer.keysIntro')}</p>
        <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 text-xs">
          {viewerKeyHelp(canStep).map((control) => (
            <div key={control} className="contents">
              <dt className="font-mono font-medium">{t('viewer.key.keys', { control })}</dt>
              <dd>{t('viewer.key.does', { control })}</dd>
            </div>
          ))}
        </dl>
      </PopoverContent>
    </Popover>
  );
}

/** The canvas's description for screen readers: the same keys, in one sentence. */
export function viewerKeysSentence(t: ReturnType<typeof useT>, canStep: boolean): string {
  return viewerKeyHelp(canStep)
    .map((control) =>
      t('viewer.key.sentenceItem', {
        keys: t('viewer.key.keys', { control }),
        does: t('viewer.key.inline', { control }),
      }),
    )
    .join('. ');
}
