import { AVATAR_RULES } from '@plumbline/contracts';
import { useEffect, useRef, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { useT } from '@/lib/i18n';
import { cropSquare } from './avatar-rules';

export interface LoadedImage {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** The circular crop (spec 2 §5): zoom and position the square kept, previewed as a circle. */
export function AvatarDialog({
  image,
  saving,
  onCancel,
  onSave,
}: {
  image: LoadedImage | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (crop: { x: number; y: number; size: number }) => void;
}) {
  const t = useT('settings');
  const [zoom, setZoom] = useState(1);
  const [cx, setCx] = useState(0.5);
  const [cy, setCy] = useState(0.5);
  const canvas = useRef<HTMLCanvasElement>(null);
  const crop = image ? cropSquare(image.width, image.height, zoom, cx, cy) : null;
  const maxZoom = image ? Math.min(image.width, image.height) / AVATAR_RULES.minCrop : 1;

  const cropX = crop?.x ?? 0;
  const cropY = crop?.y ?? 0;
  const cropSize = crop?.size ?? 0;
  useEffect(() => {
    if (!image || cropSize === 0 || !canvas.current) return;
    const context = canvas.current.getContext('2d');
    if (!context) return;
    const picture = new Image();
    picture.onload = () => {
      context.clearRect(0, 0, 160, 160);
      context.save();
      context.beginPath();
      context.arc(80, 80, 80, 0, Math.PI * 2);
      context.clip();
      context.drawImage(picture, cropX, cropY, cropSize, cropSize, 0, 0, 160, 160);
      context.restore();
    };
    picture.src = image.url;
  }, [image, cropX, cropY, cropSize]);

  return (
    <FormDialog
      open={image !== null}
      onOpenChange={(open) => !open && onCancel()}
      className="max-w-md"
      title={t('settings.avatar.title')}
      description={t('settings.avatar.description')}
      onSubmit={() => crop && onSave(crop)}
      submitLabel={t('settings.avatar.save')}
      pendingLabel={t('settings.saving')}
      pending={saving}
      submitDisabled={!crop}
    >
      <div className="flex justify-center">
        <canvas
          ref={canvas}
          width={160}
          height={160}
          className="rounded-full border border-border"
          aria-label={t('settings.avatar.preview')}
        />
      </div>
      <div className="grid gap-2">
        {(
          [
            [t('settings.avatar.zoom'), 1, maxZoom, 0.05, zoom, setZoom],
            [t('settings.avatar.horizontal'), 0, 1, 0.01, cx, setCx],
            [t('settings.avatar.vertical'), 0, 1, 0.01, cy, setCy],
          ] as const
        ).map(([label, min, max, step, value, set]) => (
          <FormField key={label} label={label}>
            <input
              type="range"
              min={min}
              max={max}
              step={step}
              value={value}
              onChange={(e) => set(Number(e.target.value))}
            />
          </FormField>
        ))}
        {crop && (
          <p className="text-xs text-muted-foreground">
            {t('settings.avatar.keeps', {
              size: crop.size,
              width: image?.width ?? 0,
              height: image?.height ?? 0,
            })}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
