import { AVATAR_RULES } from '@plumbline/contracts';
import { useEffect, useRef, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
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
      title="Crop your picture"
      description="Zoom and move the circle; it is saved as a 400 × 400 picture."
      onSubmit={() => crop && onSave(crop)}
      submitLabel="Save picture"
      pendingLabel="Saving..."
      pending={saving}
      submitDisabled={!crop}
    >
      <div className="flex justify-center">
        <canvas
          ref={canvas}
          width={160}
          height={160}
          className="rounded-full border border-border"
          aria-label="Avatar preview"
        />
      </div>
      <div className="grid gap-2">
        {(
          [
            ['Zoom', 1, maxZoom, 0.05, zoom, setZoom],
            ['Horizontal position', 0, 1, 0.01, cx, setCx],
            ['Vertical position', 0, 1, 0.01, cy, setCy],
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
            Keeps {crop.size} × {crop.size} px of {image?.width} × {image?.height}.
          </p>
        )}
      </div>
    </FormDialog>
  );
}
