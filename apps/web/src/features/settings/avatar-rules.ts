import { AVATAR_MESSAGES, AVATAR_RULES } from '@plumbline/contracts';

/** Spec 2 §5, checked in the browser before anything is sent (the server checks again from the bytes). */
export function avatarFileProblem(file: { name: string; type: string; size: number }): string | null {
  const lower = file.name.toLowerCase();
  const typeOk =
    (AVATAR_RULES.types as readonly string[]).includes(file.type) ||
    AVATAR_RULES.extensions.some((extension) => lower.endsWith(extension));
  if (!typeOk) return AVATAR_MESSAGES.type;
  if (file.size > AVATAR_RULES.maxBytes) return AVATAR_MESSAGES.tooLarge;
  return null;
}

export function avatarSizeProblem(width: number, height: number): string | null {
  if (width < AVATAR_RULES.minPixels || height < AVATAR_RULES.minPixels) return AVATAR_MESSAGES.tooSmall;
  if (width > AVATAR_RULES.maxPixels || height > AVATAR_RULES.maxPixels) return AVATAR_MESSAGES.tooBig;
  return null;
}

/** The square kept: `zoom` 1 keeps the largest square; `cx`, `cy` (0–1) place its centre. */
export function cropSquare(
  width: number,
  height: number,
  zoom: number,
  cx: number,
  cy: number,
): { x: number; y: number; size: number } {
  const largest = Math.min(width, height);
  const size = Math.max(AVATAR_RULES.minCrop, Math.min(largest, Math.round(largest / Math.max(1, zoom))));
  const x = Math.round(Math.min(Math.max(0, cx * width - size / 2), width - size));
  const y = Math.round(Math.min(Math.max(0, cy * height - size / 2), height - size));
  return { x, y, size };
}
