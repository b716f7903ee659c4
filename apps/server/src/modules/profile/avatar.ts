// Avatar images (spec 2 §5): the type is read from the bytes (JPEG or PNG signature), the size and the
// dimensions are checked from the header before anything is decoded (so the cost is bounded: at most
// 2048 × 2048), then the square crop is scaled to 400 × 400 and encoded as a JPEG at quality 0.9.
import { AVATAR_RULES, type ContractsMessageId } from '@plumbline/contracts';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Why an image is refused, as the catalogue's message id (the shared avatar rules' own words). */
export class AvatarRefused extends Error {
  constructor(readonly messageId: ContractsMessageId) {
    super(messageId);
  }
}

type Kind = 'jpeg' | 'png';

export function sniffImage(bytes: Uint8Array): Kind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/** Width and height from the header: PNG's IHDR, or a JPEG's first start-of-frame marker. */
export function imageSize(bytes: Uint8Array, kind: Kind): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') {
    if (bytes.length < 24) return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] as number;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = view.getUint16(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    i += 2 + length;
  }
  return null;
}

export interface Crop {
  x: number;
  y: number;
  size: number;
}

/** Checks an uploaded image and returns it cropped and scaled as a 400 × 400 JPEG data URL. */
export function makeAvatar(bytes: Uint8Array, crop: Crop | null): string {
  if (bytes.length > AVATAR_RULES.maxBytes) throw new AvatarRefused('error.avatar_too_large');
  const kind = sniffImage(bytes);
  if (!kind) throw new AvatarRefused('error.avatar_invalid');
  const size = imageSize(bytes, kind);
  if (!size) throw new AvatarRefused('error.avatar_invalid');
  if (size.width < AVATAR_RULES.minPixels || size.height < AVATAR_RULES.minPixels)
    throw new AvatarRefused('error.avatar_invalid.tooSmall');
  if (size.width > AVATAR_RULES.maxPixels || size.height > AVATAR_RULES.maxPixels)
    throw new AvatarRefused('error.avatar_invalid.tooBig');
  const square = crop ?? centred(size.width, size.height);
  if (
    !Number.isInteger(square.x) ||
    !Number.isInteger(square.y) ||
    !Number.isInteger(square.size) ||
    square.size < AVATAR_RULES.minCrop ||
    square.x < 0 ||
    square.y < 0 ||
    square.x + square.size > size.width ||
    square.y + square.size > size.height
  )
    throw new AvatarRefused('error.avatar_invalid.crop');
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded =
      kind === 'png'
        ? PNG.sync.read(Buffer.from(bytes))
        : jpeg.decode(bytes, {
            useTArray: true,
            formatAsRGBA: true,
            maxResolutionInMP: 5,
            maxMemoryUsageInMB: 64,
          });
  } catch {
    throw new AvatarRefused('error.avatar_invalid');
  }
  const out = AVATAR_RULES.outputPixels;
  const pixels = scaleSquare(decoded, square, out);
  const encoded = jpeg.encode(
    { data: pixels, width: out, height: out },
    Math.round(AVATAR_RULES.jpegQuality * 100),
  );
  return `data:image/jpeg;base64,${Buffer.from(encoded.data).toString('base64')}`;
}

function centred(width: number, height: number): Crop {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), size: side };
}

/** Box-filters the crop to `out` × `out` RGBA, on white where the source is transparent. */
function scaleSquare(src: { width: number; data: Uint8Array }, crop: Crop, out: number): Uint8Array {
  const result = new Uint8Array(out * out * 4);
  const scale = crop.size / out;
  for (let oy = 0; oy < out; oy++) {
    const y0 = crop.y + Math.floor(oy * scale);
    const y1 = Math.max(y0 + 1, crop.y + Math.floor((oy + 1) * scale));
    for (let ox = 0; ox < out; ox++) {
      const x0 = crop.x + Math.floor(ox * scale);
      const x1 = Math.max(x0 + 1, crop.x + Math.floor((ox + 1) * scale));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * src.width + x) * 4;
          const a = (src.data[i + 3] ?? 255) / 255;
          r += (src.data[i] ?? 0) * a + 255 * (1 - a);
          g += (src.data[i + 1] ?? 0) * a + 255 * (1 - a);
          b += (src.data[i + 2] ?? 0) * a + 255 * (1 - a);
          n++;
        }
      }
      const o = (oy * out + ox) * 4;
      result[o] = r / n;
      result[o + 1] = g / n;
      result[o + 2] = b / n;
      result[o + 3] = 255;
    }
  }
  return result;
}
