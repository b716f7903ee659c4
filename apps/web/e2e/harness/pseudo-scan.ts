// The pseudo-locale scan (issue 31, pseudo-locale.e2e.test.ts): what a page shows in `en-XA` that was
// never extracted (plain English outside the brackets, not data) or that its layout cuts off.

/** Product and format names, the same in every language (never translated, so never in brackets). */
export const TERMS = new Set([
  'Plumbline',
  'IDS',
  'IFC',
  'IFC2X3',
  'IFC4',
  'IFC4X3',
  'BCF',
  'PDF',
  'XLSX',
  'CSV',
  'JSON',
  'BIM',
  'ACC',
  'Autodesk',
  'buildingSMART',
  'GlobalId',
  'SHA-256',
  'UTC',
  'Stripe',
  'English',
  'Deutsch',
  'Français',
  'Nederlands',
  'en-XA',
]);

export interface Findings {
  unextracted: string[];
  clipped: string[];
}

/**
 * Runs in the page: every visible text split into what is inside the pseudo-locale's brackets and
 * what is outside; outside runs with English letters that are not data are unextracted. Bracketed
 * texts that overflow a clipping box, or whose bracket never closes, are clipped.
 */
export function scanPage(args: { data: string[]; terms: string[]; debug: boolean }): Findings {
  const debug = args.debug;
  const SEPARATORS = /[\n·•|,:;()/×—–→←"“”„'’]+|\s[-+=]\s|\s{2,}/;
  const data = new Set(args.data.map((text) => text.toLowerCase()));
  // The pieces of a data text as the runs below cut it ('// BUILDING/NAME //': 'BUILDING', 'NAME'),
  // matched exactly (a data piece 'NAME' does not excuse a label 'Name').
  const pieces = new Set(
    args.data.flatMap((text) => text.split(SEPARATORS).map((piece) => piece.trim().replace(/[.!?…]+$/, ''))),
  );
  const terms = new Set(args.terms);
  const months =
    'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December';
  const patterns = [
    /^[^A-Za-z]*$/, // numbers, symbols, accented pseudo text
    /^[\w.-]+@[\w.-]+$/, // e-mail addresses
    /^[\w .()-]+\.(ifc|ids|ifczip|pdf|xlsx|bcf|bcfzip|json|csv|zip|png)$/i, // file names
    /^ifc[a-z0-9]+$/i, // IFC classes
    /^[0-9A-Za-z_$]{22}$/, // GlobalIds
    /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i, // ids
    /^[0-9a-f]{7,64}$/i, // hashes
    /^v\d+$/, // version tags
    /^[\d.,\s]+\s?(B|KB|MB|GB|%|px|ms|s|h|m|mm|m²|m³)$/, // quantities
    new RegExp(`^\\d{1,2} (${months}) \\d{4}(,? \\d{1,2}:\\d{2})?$`), // dates (Intl, en-GB)
    new RegExp(`^(${months}) \\d{4}$`),
    /^#\d+$/, // step ids
    /^https?:\/\/\S+$/, // addresses
  ];
  const isData = (run: string) =>
    data.has(run.toLowerCase()) ||
    pieces.has(run) ||
    terms.has(run) ||
    patterns.some((pattern) => pattern.test(run));

  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
      return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  /** Visually hidden text for screen readers (Tailwind's sr-only): read aloud, clipped on purpose. */
  const srOnly = (el: Element) => {
    const box = el.getBoundingClientRect();
    return getComputedStyle(el).position === 'absolute' && box.width <= 1 && box.height <= 1;
  };

  const unextracted = new Set<string>();
  const clipped = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const el = node.parentElement;
    if (!el || !/[A-Za-z[\]]/.test(text)) continue;
    if (el.closest('script, style, noscript, template, canvas')) continue;
    if (!visible(el) && !el.closest('.sr-only')) continue;
    // How deep in brackets the text starts: the opening bracket may sit in a sibling before it (a
    // message with a link or a value inside). Looked for up to six boxes up.
    let depth = 0;
    let closes = false;
    let ancestor: Element | null = el;
    for (let level = 0; ancestor && level < 6 && depth === 0; level += 1, ancestor = ancestor.parentElement) {
      const range = document.createRange();
      range.setStart(ancestor, 0);
      range.setEnd(node, 0);
      let d = 0;
      for (const char of range.toString()) {
        if (char === '[') d += 1;
        else if (char === ']') d = Math.max(0, d - 1);
      }
      depth = d;
    }
    let outside = '';
    let opened = false;
    for (const char of text) {
      if (char === '[') {
        depth += 1;
        opened = true;
        outside += '\n';
      } else if (char === ']') {
        depth = Math.max(0, depth - 1);
        outside += '\n';
      } else if (depth === 0) outside += char;
    }
    // A bracket this text opened must close in it or in what follows within its box.
    if (opened && depth > 0) {
      for (
        let box: Element | null = el, level = 0;
        box && level < 6 && !closes;
        level += 1, box = box.parentElement
      ) {
        const after = document.createRange();
        after.setStart(node, text.length);
        after.setEnd(box, box.childNodes.length);
        let d = depth;
        for (const char of after.toString()) {
          if (char === '[') d += 1;
          else if (char === ']') d -= 1;
          if (d === 0) break;
        }
        closes = d === 0;
      }
      if (!closes) clipped.add(`no closing bracket: "${(el.textContent ?? '').trim().slice(0, 90)}"`);
    }
    if (data.has(outside.trim().toLowerCase())) continue;
    const runs = outside
      .split(SEPARATORS)
      .map((run) => run.trim().replace(/[.!?…]+$/, ''))
      .filter((run) => /[A-Za-z]{2}/.test(run));
    const plain = runs.filter((run) => !isData(run));
    if (plain.length > 0)
      unextracted.add(
        debug
          ? `${plain.join(' | ')}  <<${text.trim().slice(0, 80)}>> in ${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`
          : plain.join(' | '),
      );
  }

  // Clipping boxes: a bracketed text wider (or taller) than a box that hides what overflows.
  for (const el of document.body.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || !visible(el) || srOnly(el)) continue;
    const text = el.textContent ?? '';
    if (!text.includes('[')) continue;
    const style = getComputedStyle(el);
    const hidesX = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    const hidesY = ['hidden', 'clip'].includes(style.overflowY) || style.webkitLineClamp !== 'none';
    const wide = hidesX && el.scrollWidth > el.clientWidth + 1;
    const tall = hidesY && el.scrollHeight > el.clientHeight + 1;
    if (!wide && !tall) continue;
    // Only the innermost box that clips counts (a card around a clipped label is not clipped itself).
    const inner = [...el.querySelectorAll<HTMLElement>('*')].some((child) => {
      if (!visible(child) || !(child.textContent ?? '').includes('[')) return false;
      const s = getComputedStyle(child);
      return (
        ((['hidden', 'clip'].includes(s.overflowX) || s.textOverflow === 'ellipsis') &&
          child.scrollWidth > child.clientWidth + 1) ||
        (['hidden', 'clip'].includes(s.overflowY) && child.scrollHeight > child.clientHeight + 1)
      );
    });
    if (inner) continue;
    const classes = [...el.classList].slice(0, 6).join('.');
    clipped.add(
      `${wide ? 'wider' : 'taller'} than its ${el.tagName.toLowerCase()}.${classes} (${wide ? `${el.scrollWidth}>${el.clientWidth}` : `${el.scrollHeight}>${el.clientHeight}`} px): "${text.trim().replace(/\s+/g, ' ').slice(0, 90)}"`,
    );
  }
  return { unextracted: [...unextracted], clipped: [...clipped] };
}
