import { Eye, EyeOff, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useT } from '@/lib/i18n';
import type { ModelViewer } from './engine/model-viewer';
import { ViewerKeysHelp } from './viewer-keys-help';

function ToolButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          aria-label={label}
          onClick={onClick}
          className="size-8 bg-card/90"
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** The viewer's three buttons (spec 3 §2.1) and the keyboard controls' help (issue 21). */
export function ViewerToolbar({
  viewer,
  onCleared,
  canStep = false,
}: {
  viewer: ModelViewer;
  onCleared?: () => void;
  canStep?: boolean;
}) {
  const t = useT('viewer');
  const run = (action: () => Promise<void>) => () => {
    action().catch((error: unknown) =>
      toast.error(t('viewer.error'), { description: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div className="absolute top-2 left-2 z-10 flex gap-1" role="toolbar" aria-label={t('viewer.tools')}>
      <ToolButton
        label={t('viewer.clearSelection')}
        onClick={run(async () => {
          await viewer.clearSelectionAndShowAll();
          onCleared?.();
        })}
      >
        <RotateCcw className="size-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('viewer.showAll')} onClick={run(() => viewer.showAll())}>
        <Eye className="size-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('viewer.hideAll')} onClick={run(() => viewer.hideAll())}>
        <EyeOff className="size-4" aria-hidden />
      </ToolButton>
      <ViewerKeysHelp canStep={canStep} />
    </div>
  );
}
