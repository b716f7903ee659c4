/**
 * The Studio's edit model: every change to an IDS is an `IdsEdit` on the document as read, turned
 * into text splices at the offsets of the elements it concerns (the reader's spans), so what an
 * edit does not touch stays byte for byte as it was — comments, annotations, layout, attribute
 * quotes, other specifications (decision 0280). New markup comes from the writer (write-ids.ts),
 * laid out like its neighbours and named with the file's prefixes. Pure and browser-safe.
 */
import type { Facet, IdsInfo, Specification } from '../document';
import type { SpecificationCardinality } from '../results';
import { escapeText, INFO_FIELDS, writeFacet, writeSpecification } from '../write/write-ids';
import { childNamed, IDS_NAMESPACE } from '../xml/read-xml-text';
import type { XmlElement } from '../xml/xml-element';
import { type EditableIds, textOf } from './editable';
import { facetSplices } from './facet-edit';
import { lineBreak } from './layout';
import { markupIn } from './markup';
import {
  appendChild,
  applySplices,
  elementBlock,
  insertAfter,
  insertBefore,
  removeElement,
  type Splice,
} from './splice';
import { setAttributeSplice, startTag } from './start-tag';

export type FacetSection = 'applicability' | 'requirements';
export type SpecificationField = 'name' | 'identifier' | 'description' | 'instructions' | 'ifcVersion';

export type IdsEdit =
  | { readonly op: 'setInfo'; readonly field: keyof IdsInfo; readonly value: string | null }
  | {
      readonly op: 'setSpecificationField';
      readonly spec: number;
      readonly field: SpecificationField;
      readonly value: string | null;
    }
  | { readonly op: 'setCardinality'; readonly spec: number; readonly cardinality: SpecificationCardinality }
  | { readonly op: 'addSpecification'; readonly at: number; readonly specification: Specification }
  | { readonly op: 'removeSpecification'; readonly spec: number }
  | { readonly op: 'duplicateSpecification'; readonly spec: number }
  | { readonly op: 'moveSpecification'; readonly spec: number; readonly to: number }
  | { readonly op: 'addFacet'; readonly spec: number; readonly section: FacetSection; readonly facet: Facet }
  | {
      readonly op: 'replaceFacet';
      readonly spec: number;
      readonly section: FacetSection;
      readonly index: number;
      readonly facet: Facet;
    }
  | {
      readonly op: 'removeFacet';
      readonly spec: number;
      readonly section: FacetSection;
      readonly index: number;
    }
  | {
      readonly op: 'duplicateFacet';
      readonly spec: number;
      readonly section: FacetSection;
      readonly index: number;
    }
  | {
      readonly op: 'moveFacet';
      readonly spec: number;
      readonly section: FacetSection;
      readonly index: number;
      readonly to: number;
    };

/** Why an edit was refused: nothing at that position, or ids.xsd does not allow the result. */
export type IdsEditRefused = 'not_found' | 'not_allowed';

export type IdsEditSplices =
  | { readonly ok: true; readonly splices: readonly Splice[] }
  | { readonly ok: false; readonly reason: IdsEditRefused };

export type IdsEditResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: IdsEditRefused };

/** ids.xsd's order of facets in an applicability (one entity at most). */
const APPLICABILITY_RANK: Record<Facet['type'], number> = {
  entity: 0,
  partOf: 1,
  classification: 2,
  attribute: 3,
  property: 4,
  material: 5,
};

const refuse = (reason: IdsEditRefused): IdsEditSplices => ({ ok: false, reason });
const done = (...splices: Splice[]): IdsEditSplices => ({ ok: true, splices });

/** Whether facets in this order are what ids.xsd allows in an applicability. */
export function applicabilityOrderAllowed(types: readonly Facet['type'][]): boolean {
  let rank = -1;
  let entities = 0;
  for (const type of types) {
    if (type === 'entity') entities++;
    if (APPLICABILITY_RANK[type] < rank) return false;
    rank = APPLICABILITY_RANK[type];
  }
  return entities <= 1;
}

/** The line break that ends at `offset`, or '' when none does. */
function breakAt(text: string, offset: number): string {
  if (text[offset] === '\r') return text[offset + 1] === '\n' ? '\r\n' : '\r';
  return text[offset] === '\n' ? '\n' : '';
}

/** The end of a blank line starting at `offset`, or null when that line is not blank. */
function blankLineEnd(text: string, offset: number): number | null {
  let i = offset;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const lb = breakAt(text, i);
  return lb === '' ? null : i + lb.length;
}

class EditContext {
  readonly text: string;
  readonly newline: string;
  readonly specificationsEl: XmlElement | undefined;

  constructor(readonly ids: EditableIds) {
    this.text = ids.text;
    this.newline = lineBreak(ids.text);
    this.specificationsEl = childNamed(ids.root, 'specifications');
  }

  spec(index: number): { spec: Specification; el: XmlElement } | null {
    const spec = this.ids.document.specifications[index];
    const el = spec ? this.ids.sources.get(spec) : undefined;
    return spec && el ? { spec, el } : null;
  }

  section(specEl: XmlElement, section: FacetSection): XmlElement | undefined {
    const el = childNamed(specEl, section);
    return el?.namespace === IDS_NAMESPACE ? el : undefined;
  }

  /** Whether the specifications are separated by a blank line (kept so for added ones). */
  blankSeparated(): boolean {
    const [a, b] = this.ids.document.specifications.map((s) => this.ids.sources.get(s));
    if (!a || !b) return false;
    const gap = this.text.slice(a.span.end, b.span.start);
    return /(\r\n|\n|\r)[ \t]*(\r\n|\n|\r)/.test(gap);
  }

  /** An element's block (splice.ts elementBlock) with the blank line after it, if any. */
  blockWithBlank(el: XmlElement): { start: number; end: number; whole: boolean; blank: number } {
    const block = elementBlock(this.text, el);
    const end = block.whole ? blankLineEnd(this.text, block.end) : null;
    return { ...block, blank: end === null ? 0 : end - block.end };
  }

  /** Moves sibling `from` to where sibling `to` is (`after`: just after it, else just before it). */
  move(from: XmlElement, to: XmlElement, after: boolean): Splice[] {
    const source = this.blockWithBlank(from);
    const target = this.blockWithBlank(to);
    if (!source.whole || !target.whole) {
      const moved = this.text.slice(from.span.start, from.span.end);
      const at = after ? to.span.end : to.span.start;
      return [
        { start: from.span.start, end: from.span.end, text: '' },
        { start: at, end: at, text: moved },
      ];
    }
    const lines = this.text.slice(source.start, source.end);
    const blank = this.text.slice(source.end, source.end + source.blank);
    if (!after) {
      if (source.blank > 0 || target.blank === 0)
        return [
          { start: source.start, end: source.end + source.blank, text: '' },
          { start: target.start, end: target.start, text: lines + blank },
        ];
      // The last of a blank-separated list moves up: the blank line before it goes with it.
      const before = this.blankLineBefore(source.start);
      const targetBlank = this.text.slice(target.end, target.end + target.blank);
      return [
        { start: before ?? source.start, end: source.end, text: '' },
        { start: target.start, end: target.start, text: lines + targetBlank },
      ];
    }
    // To the end of a blank-separated list: the blank line goes before the moved lines instead.
    const at = target.end + target.blank;
    const moved = target.blank === 0 && source.blank > 0 ? blank + lines : lines + blank;
    return [
      { start: source.start, end: source.end + source.blank, text: '' },
      { start: at, end: at, text: moved },
    ];
  }

  /** The start of the blank line that ends at `lineStart`, if the line before it is blank. */
  blankLineBefore(lineStart: number): number | null {
    let i = lineStart;
    if (i > 0 && this.text[i - 1] === '\n') i--;
    if (i > 0 && this.text[i - 1] === '\r') i--;
    if (i === lineStart) return null;
    let j = i;
    while (j > 0 && (this.text[j - 1] === ' ' || this.text[j - 1] === '\t')) j--;
    if (j > 0 && this.text[j - 1] !== '\n' && this.text[j - 1] !== '\r') return null;
    return j;
  }

  /** A copy of sibling `el` right after it (its lines, with a suppression comment before it). */
  duplicate(el: XmlElement): Splice {
    const block = this.blockWithBlank(el);
    if (!block.whole)
      return { start: el.span.end, end: el.span.end, text: this.text.slice(el.span.start, el.span.end) };
    const lines = this.text.slice(block.start, block.end);
    const blank = this.text.slice(block.end, block.end + block.blank);
    const at = block.end + block.blank;
    return { start: at, end: at, text: lines + blank };
  }

  /** Removes sibling `el` and, between blank-separated siblings, one of the blank lines. */
  remove(el: XmlElement): Splice {
    const block = this.blockWithBlank(el);
    if (!block.whole || block.blank === 0) return removeElement(this.text, el);
    return { start: block.start, end: block.end + block.blank, text: '' };
  }
}

function setInfo(ctx: EditContext, field: keyof IdsInfo, value: string | null): IdsEditSplices {
  const { root } = ctx.ids;
  const info = childNamed(root, 'info');
  if (!info) return refuse('not_found');
  const el = childNamed(info, field);
  if (value === null) return el ? done(removeElement(ctx.text, el)) : done();
  if (el) {
    if (el.span.contentStart === el.span.end) {
      const name = startTag(ctx.text, el).name;
      return done({
        start: el.span.start,
        end: el.span.end,
        text: `<${name}>${escapeText(value)}</${name}>`,
      });
    }
    return done({ start: el.span.contentStart, end: el.span.contentEnd, text: escapeText(value) });
  }
  const xml = markupIn([root, info], `<${field}>${escapeText(value)}</${field}>\n`);
  const position = INFO_FIELDS.indexOf(field);
  const present = (names: readonly (keyof IdsInfo)[]) =>
    names.map((n) => childNamed(info, n)).filter((e): e is XmlElement => e !== undefined);
  const previous = present(INFO_FIELDS.slice(0, position)).at(-1);
  const next = present(INFO_FIELDS.slice(position + 1))[0];
  if (previous) return done(insertAfter(ctx.text, info, previous, xml, ctx.newline));
  if (next) return done(insertBefore(ctx.text, info, next, xml, ctx.newline));
  return done(appendChild(ctx.text, root, info, xml, ctx.newline));
}

const OCCURS: Record<SpecificationCardinality, [string, string]> = {
  required: ['1', 'unbounded'],
  optional: ['0', 'unbounded'],
  prohibited: ['0', '0'],
};

function specificationEdit(ctx: EditContext, edit: IdsEdit & { spec: number }): IdsEditSplices {
  const found = ctx.spec(edit.spec);
  if (!found) return refuse('not_found');
  const { spec, el } = found;
  const specs = ctx.ids.document.specifications;
  switch (edit.op) {
    case 'setSpecificationField': {
      const value = edit.field === 'name' ? (edit.value ?? '') : edit.value;
      const splice = setAttributeSplice(ctx.text, el, edit.field, value);
      return splice ? done(splice) : done();
    }
    case 'setCardinality': {
      if (spec.cardinality === edit.cardinality) return done();
      const applicability = ctx.section(el, 'applicability');
      if (!applicability) return refuse('not_found');
      const [min, max] = OCCURS[edit.cardinality];
      const splices = [
        setAttributeSplice(ctx.text, applicability, 'minOccurs', min),
        setAttributeSplice(ctx.text, applicability, 'maxOccurs', max),
      ];
      return done(...splices.filter((s): s is Splice => s !== null));
    }
    case 'removeSpecification':
      return specs.length <= 1 ? refuse('not_allowed') : done(ctx.remove(el));
    case 'duplicateSpecification':
      return done(ctx.duplicate(el));
    case 'moveSpecification': {
      if (edit.to === edit.spec) return done();
      const target = ctx.spec(edit.to);
      if (!target) return refuse('not_found');
      return done(...ctx.move(el, target.el, edit.to > edit.spec));
    }
    default:
      return facetEdit(ctx, el, spec, edit);
  }
}

function facetEdit(
  ctx: EditContext,
  specEl: XmlElement,
  spec: Specification,
  edit: IdsEdit & { spec: number },
): IdsEditSplices {
  if (!('section' in edit)) return refuse('not_found');
  const { root } = ctx.ids;
  const specsEl = ctx.specificationsEl as XmlElement;
  const section = ctx.section(specEl, edit.section);
  const applicability = ctx.section(specEl, 'applicability');
  const inRequirements = edit.section === 'requirements';
  const facets = inRequirements ? spec.requirements : spec.applicability;
  if (edit.op === 'addFacet') {
    const xml = writeFacet(edit.facet, inRequirements, '');
    if (!inRequirements) {
      if (!section) return refuse('not_found');
      if (!applicabilityOrderAllowed([...facets.map((f) => f.type), edit.facet.type].sort(byRank)))
        return refuse('not_allowed');
      const path = [root, specsEl, specEl, section];
      const later = facets.find((f) => APPLICABILITY_RANK[f.type] > APPLICABILITY_RANK[edit.facet.type]);
      const laterEl = later ? ctx.ids.sources.get(later) : undefined;
      if (laterEl) return done(insertBefore(ctx.text, section, laterEl, markupIn(path, xml), ctx.newline));
      return done(appendChild(ctx.text, specEl, section, markupIn(path, xml), ctx.newline));
    }
    if (section) {
      const path = [root, specsEl, specEl, section];
      return done(appendChild(ctx.text, specEl, section, markupIn(path, xml), ctx.newline));
    }
    if (!applicability) return refuse('not_found');
    const requirements = `<requirements>\n${writeFacet(edit.facet, true, '  ')}</requirements>\n`;
    return done(
      insertAfter(
        ctx.text,
        specEl,
        applicability,
        markupIn([root, specsEl, specEl], requirements),
        ctx.newline,
      ),
    );
  }
  const facet = facets[edit.index];
  const el = facet ? ctx.ids.sources.get(facet) : undefined;
  if (!facet || !el || !section) return refuse('not_found');
  const path = [root, specsEl, specEl, section];
  switch (edit.op) {
    case 'replaceFacet': {
      if (!inRequirements) {
        const types = facets.map((f, i) => (i === edit.index ? edit.facet.type : f.type));
        if (!applicabilityOrderAllowed(types)) return refuse('not_allowed');
      }
      return done(...facetSplices(ctx.text, path, el, facet, edit.facet, inRequirements, ctx.newline));
    }
    case 'removeFacet':
      return done(ctx.remove(el));
    case 'duplicateFacet':
      if (!inRequirements && facet.type === 'entity') return refuse('not_allowed');
      return done(ctx.duplicate(el));
    case 'moveFacet': {
      if (edit.to === edit.index) return done();
      const target = facets[edit.to];
      const targetEl = target ? ctx.ids.sources.get(target) : undefined;
      if (!target || !targetEl) return refuse('not_found');
      const order = facets.map((f) => f.type);
      const [moved] = order.splice(edit.index, 1);
      order.splice(edit.to, 0, moved as Facet['type']);
      if (!inRequirements && !applicabilityOrderAllowed(order)) return refuse('not_allowed');
      return done(...ctx.move(el, targetEl, edit.to > edit.index));
    }
    default:
      return refuse('not_found');
  }
}

const byRank = (a: Facet['type'], b: Facet['type']) => APPLICABILITY_RANK[a] - APPLICABILITY_RANK[b];

function addSpecification(ctx: EditContext, at: number, specification: Specification): IdsEditSplices {
  const specsEl = ctx.specificationsEl;
  if (!specsEl) return refuse('not_found');
  const xml = markupIn([ctx.ids.root, specsEl], writeSpecification(specification, ''));
  const count = ctx.ids.document.specifications.length;
  const blank = ctx.blankSeparated() ? ctx.newline : '';
  const before = at < count ? ctx.spec(at) : null;
  if (before) {
    const splice = insertBefore(ctx.text, specsEl, before.el, xml, ctx.newline);
    return done({ ...splice, text: splice.text + (splice.text.endsWith(ctx.newline) ? blank : '') });
  }
  const last = count > 0 ? ctx.spec(count - 1) : null;
  if (last) {
    const splice = insertAfter(ctx.text, specsEl, last.el, xml, ctx.newline);
    return done({ ...splice, text: (splice.text.startsWith(ctx.newline) ? blank : '') + splice.text });
  }
  return done(appendChild(ctx.text, ctx.ids.root, specsEl, xml, ctx.newline));
}

/** The splices an edit makes in `ids.text` (offsets without the byte-order mark). */
export function idsEditSplices(ids: EditableIds, edit: IdsEdit): IdsEditSplices {
  const ctx = new EditContext(ids);
  switch (edit.op) {
    case 'setInfo':
      return setInfo(ctx, edit.field, edit.value);
    case 'addSpecification':
      return addSpecification(ctx, edit.at, edit.specification);
    default:
      return specificationEdit(ctx, edit);
  }
}

/** Applies one edit: the whole new text (with the byte-order mark the file had), or why not. */
export function applyIdsEdit(ids: EditableIds, edit: IdsEdit): IdsEditResult {
  const result = idsEditSplices(ids, edit);
  if (!result.ok) return result;
  const text = applySplices(ids.text, result.splices);
  return { ok: true, text: textOf({ ...ids, text }) };
}
