import type { Locator, Page } from 'playwright-core';

/** What the focused element shows: how its focus is drawn and its contrast with what surrounds it. */
export interface FocusIndicator {
  /** A short description of the focused element (role/tag and name), for failure messages. */
  element: string;
  /** outline or ring (box-shadow) colour, as the browser computed it; null when neither is drawn. */
  colour: string | null;
  /** WCAG contrast of the indicator's colour against the background it sits on. */
  contrast: number;
}

/**
 * Reads the focused element's focus indicator as the browser draws it: the computed outline, else a
 * box-shadow ring (Tailwind's `ring`), and its contrast with the nearest opaque background around the
 * element (WCAG 2.4.7 / 1.4.11: at least 3:1). Alpha is composited over that background.
 */
export async function focusIndicator(page: Page): Promise<FocusIndicator> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const describe = (e: HTMLElement | null) =>
      e
        ? `${e.getAttribute('role') ?? e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40)}"`
        : 'nothing';
    if (!el || el === document.body) return { element: 'body', colour: null, contrast: 0 };
    const parse = (c: string): number[] | null => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const parts = (m[1] as string)
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const backgroundOf = (start: HTMLElement | null): number[] => {
      for (let e: HTMLElement | null = start; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if (bg && (bg[3] as number) >= 0.99) return bg;
      }
      return [255, 255, 255, 1];
    };
    const style = getComputedStyle(el);
    let colour: string | null = null;
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1)
      colour = style.outlineColor;
    else {
      // The last colour of a box-shadow list whose spread is at least 1 px: Tailwind's ring.
      const rings = [...style.boxShadow.matchAll(/(rgba?\([^)]+\))\s+0px\s+0px\s+0px\s+(\d+(?:\.\d+)?)px/g)];
      const ring = rings.filter((r) => Number(r[2]) >= 1 && (parse(r[1] as string)?.[3] ?? 0) > 0).at(-1);
      if (ring) colour = ring[1] as string;
    }
    if (!colour) return { element: describe(el), colour: null, contrast: 0 };
    const bg = backgroundOf(el.parentElement);
    const fg = parse(colour) as number[];
    const a = fg[3] as number;
    const mixed = [0, 1, 2].map((i) => (fg[i] as number) * a + (bg[i] as number) * (1 - a));
    const lum = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [l1, l2] = [lum(mixed), lum(bg)].sort((x, y) => y - x) as [number, number];
    return { element: describe(el), colour, contrast: (l1 + 0.05) / (l2 + 0.05) };
  });
}

/** Whether `locator` holds the keyboard focus now. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.first().evaluate((el) => el === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` is focused, as a keyboard user does, checking at every
 * stop on the way that the focused element shows a focus indicator of at least 3:1. Returns the
 * number of presses; throws after `max` presses, or at the first stop without a visible indicator.
 */
export async function tabTo(page: Page, target: Locator, max = 40, backwards = false): Promise<number> {
  const stops: string[] = [];
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const indicator = await focusIndicator(page);
    stops.push(indicator.element);
    if (indicator.element !== 'body' && indicator.contrast < 3) {
      throw new Error(
        `focus indicator of ${indicator.element} is ${indicator.colour ?? 'not drawn'} (contrast ${indicator.contrast.toFixed(2)}:1, 3:1 needed)`,
      );
    }
    if (await isFocused(target)) return presses;
  }
  throw new Error(`${target} not reached in ${max} Tab presses; focus went to: ${stops.join(' → ')}`);
}
