/**
 * One pass over every IfcObject in file order (decision 0448), for the rules that read the same
 * instances: OJT001 (each object's PredefinedType), GEM003/GEM004 (each product's representations'
 * identifier and type) and MPD001 (each of those representations' mapped items). A product, its
 * shape, its representations and their items sit together in the file; read in one go they are
 * brought from memory once instead of once per rule, and the passes' per-call overheads are paid once.
 */
import type { Findings } from '../rule';
import { tables } from '../tables/generated';
import type { MessageRef } from '../types';
import type { View } from '../view';

type Found = [number, string, MessageRef['values']];

/** What GEM003 and GEM004 find (both rules read the same). */
export interface RepresentationFindings {
  readonly gem003: { active: boolean; found: Found[] };
  readonly gem004: { active: boolean; found: Found[] };
}

export interface ProductPass {
  /** OJT001: `ofType('IfcObject')`. */
  readonly objects: readonly number[];
  /** OJT001, per object (by position): 0 not USERDEFINED, 1 USERDEFINED with an ObjectType, 2 without one. */
  readonly userDefined: Uint8Array;
  /**
   * Per instance ordinal: bits 0–1 whether the object's PredefinedType is set (`view.isSet`), 1
   * yes, 2 no, 0 not read (OJT001); bit 2 (`MPD_CLEAN`) an IfcShapeRepresentation MPD001 judged
   * here without a finding; bits 3–7 (`predefinedTypeOf`) the object's PredefinedType as read.
   */
  readonly marks: Uint8Array;
  /** The PredefinedType values bits 3–7 of `marks` name (value v: `predefinedTypes[v - 1]`). */
  readonly predefinedTypes: readonly string[];
  readonly representations: RepresentationFindings;
  /** Whether MPD001 applied to a representation judged here. */
  readonly mpdActive: boolean;
}

export const MPD_CLEAN = 4;
/** Bits 3–7 of `marks`: 0 not known, 1–30 a value of `predefinedTypes`, 31 written `$` or `*`. */
const PREDEFINED_SHIFT = 3;
const PREDEFINED_UNSET = 31;

/**
 * An object's PredefinedType as the pass read it (decision 0454), for IFC102: the enumeration's
 * value (`view.enumValue`), null when it is written `$` or `*` (no value, no string either), or
 * undefined when the pass did not keep it (not an object, another form, past 30 values): read it.
 */
export function predefinedTypeOf(pass: ProductPass, ordinal: number): string | null | undefined {
  const v = ordinal < 0 ? 0 : pass.marks[ordinal]! >>> PREDEFINED_SHIFT;
  return v === 0 ? undefined : v === PREDEFINED_UNSET ? null : pass.predefinedTypes[v - 1];
}

/** `View.isSet` from an attribute's first byte: given, not `$`, `*` or missing. */
const isSetLead = (lead: number) => lead !== -1 && lead !== 36 && lead !== 42 && lead !== 41;

const NO_STRINGS: readonly string[] = [];

const passes = new WeakMap<View, ProductPass>();

export function productPass(view: View): ProductPass {
  const cached = passes.get(view);
  if (cached) return cached;
  const { model } = view;
  const readPredefined = view.schemaName !== 'IFC2X3'; // OJT001 does not apply to IFC2X3
  const marks = new Uint8Array(model.instanceCount);
  const objects = view.ofType('IfcObject');
  const userDefined = new Uint8Array(objects.length);
  const order = view.fileOrder('IfcObject');
  const product = view.classSet('IfcProduct');
  const shapeRepresentation = view.classSet('IfcShapeRepresentation');
  const judge = new RepresentationJudge(view);
  const mapped = mappedChecker(view);
  let mpdActive = false;
  const predefinedTypes: string[] = [];
  const predefinedCodes = new Map<string, number>();
  const scratch: number[] = []; // a product's representations (one list for every product)
  for (let o = 0; o < order.length; o++) {
    const n = order[o]!;
    const id = objects[n]!;
    const k = model.ordinalOf(id);
    // A product's Representation first, then its PredefinedType further on: one walk over its bytes.
    const isProduct = k >= 0 && product[view.classOrdinal(id)] === 1;
    const shape = isProduct ? view.ref(id, 'Representation') : null;
    if (readPredefined) {
      const predefined = model.attributeEnumOrLead(id, 'PredefinedType');
      if (k >= 0) {
        let v = 0;
        if (typeof predefined === 'string') {
          v = predefinedCodes.get(predefined) ?? 0;
          if (v === 0 && predefinedTypes.length < PREDEFINED_UNSET - 1) {
            v = predefinedTypes.push(predefined);
            predefinedCodes.set(predefined, v);
          }
        } else if (predefined === 36 || predefined === 42) v = PREDEFINED_UNSET;
        marks[k] =
          (typeof predefined === 'string' || isSetLead(predefined) ? 1 : 2) | (v << PREDEFINED_SHIFT);
      }
      if (predefined === 'USERDEFINED') userDefined[n] = view.isSet(id, 'ObjectType') ? 1 : 2;
    }
    if (!isProduct) continue;
    const reps = judge.product(id, shape, scratch);
    if (reps === null) continue;
    // MPD001 on these representations while they are at hand: one without a finding is marked,
    // one with findings is left for the rule to judge again (with its findings, in its order).
    for (const rep of reps) {
      const r = model.ordinalOf(rep);
      if (r < 0 || (marks[r]! & MPD_CLEAN) !== 0 || !view.isIn(rep, shapeRepresentation)) continue;
      const result = mapped.check(rep, null);
      if (result & MPD_ACTIVATED) mpdActive = true;
      if ((result & MPD_FAILED) === 0) marks[r]! |= MPD_CLEAN;
    }
  }
  const pass: ProductPass = {
    objects,
    userDefined,
    marks,
    predefinedTypes,
    representations: judge.finish(view.ofType('IfcProduct')),
    mpdActive,
  };
  passes.set(view, pass);
  return pass;
}

/** GEM003/GEM004, product by product: the findings kept per product and listed in the products' order by `finish`. */
class RepresentationJudge {
  private readonly identifiers: readonly string[] | null;
  private readonly shapeTypes: readonly string[] | null;
  private readonly topologyTypes: readonly string[] | null;
  /** Per class ordinal of the file: 1 IfcShapeRepresentation, 2 IfcTopologyRepresentation (exactly). */
  private readonly repKind: Uint8Array;
  private readonly result: RepresentationFindings = {
    gem003: { active: false, found: [] },
    gem004: { active: false, found: [] },
  };
  private readonly found003 = new Map<number, Found>();
  private readonly found004 = new Map<number, Found[]>();
  private readonly seen: (string | null)[] = []; // a product's identifiers so far (a few: no Set per product)

  constructor(private readonly view: View) {
    const schema = view.schemaName;
    this.identifiers = tables.shapeRepresentationIdentifier[schema] as readonly string[] | null;
    this.shapeTypes = tables.shapeRepresentationType[schema] as readonly string[] | null;
    this.topologyTypes = tables.topologyRepresentationType[schema] as readonly string[] | null;
    const { classNames } = view.model.classColumn();
    this.repKind = new Uint8Array(classNames.length);
    for (let c = 0; c < classNames.length; c++)
      this.repKind[c] =
        classNames[c] === 'IFCSHAPEREPRESENTATION'
          ? 1
          : classNames[c] === 'IFCTOPOLOGYREPRESENTATION'
            ? 2
            : 0;
  }

  /**
   * Judges a product's representations (`shape`, its Representation: its Representations, read into `scratch`) and
   * returns them, or null when it has none. The identifier and type are judged on their bytes
   * against the allowed values (`attributeStringIndex`: -1 another string, -2 null, -3 ''); their
   * text is read only for a finding's message, or to compare identifiers when there are several.
   */
  product(product: number, shape: number | null, scratch: number[]): number[] | null {
    const { view } = this;
    const { model } = view;
    const { gem003, gem004 } = this.result;
    const reps = shape === null ? null : view.refsInto(shape, 'Representations', scratch);
    if (reps === null || reps.length === 0) return reps;
    const identifiers = this.identifiers;
    const allowedIdentifiers = identifiers ?? NO_STRINGS;
    const seen = this.seen;
    let seenCount = 0; // written over, not emptied: `length = 0` drops the array's storage
    const several = reps.length > 1;
    let repeated: string | null | undefined;
    for (const rep of reps) {
      const code = model.attributeStringIndex(rep, 'RepresentationIdentifier', allowedIdentifiers);
      if (code >= 0 || code === -1) {
        gem003.active = true;
        gem004.active = true;
        if (identifiers && code === -1) {
          this.push004(product, [
            product,
            'validity.GEM004.identifier',
            { value: view.str(rep, 'RepresentationIdentifier') ?? '', stepId: String(rep) },
          ]);
        }
      }
      if (several) {
        const identifier =
          code >= 0
            ? allowedIdentifiers[code]!
            : code === -2
              ? null
              : code === -3
                ? ''
                : view.str(rep, 'RepresentationIdentifier');
        if (repeated === undefined) {
          for (let i = 0; i < seenCount; i++)
            if (seen[i] === identifier) {
              repeated = identifier;
              break;
            }
        }
        seen[seenCount++] = identifier;
      }
      const c = view.classOrdinal(rep);
      const kind = c < 0 ? 0 : this.repKind[c];
      const allowed = kind === 1 ? this.shapeTypes : kind === 2 ? this.topologyTypes : undefined;
      if (allowed === undefined) continue;
      const typeCode = model.attributeStringIndex(rep, 'RepresentationType', allowed ?? NO_STRINGS);
      if (typeCode === -2 || typeCode === -3) continue;
      gem004.active = true;
      if (allowed && typeCode === -1) {
        const type = view.str(rep, 'RepresentationType') ?? '';
        this.push004(product, [product, 'validity.GEM004.type', { value: type, stepId: String(rep) }]);
      }
    }
    if (repeated !== undefined)
      this.found003.set(product, [product, 'validity.GEM003.repeated', { identifier: repeated ?? '' }]);
    return reps;
  }

  private push004(product: number, finding: Found): void {
    const list = this.found004.get(product);
    if (list) list.push(finding);
    else this.found004.set(product, [finding]);
  }

  /** The findings in the products' order (`ofType('IfcProduct')`), as one pass in that order gives them. */
  finish(products: readonly number[]): RepresentationFindings {
    const { found003, found004, result } = this;
    if (found003.size > 0 || found004.size > 0) {
      for (const product of products) {
        const f003 = found003.get(product);
        if (f003) result.gem003.found.push(f003);
        const f004 = found004.get(product);
        if (f004) result.gem004.found.push(...f004);
      }
    }
    return result;
  }
}

/** `MappedChecker.check`'s answer: bits. */
export const MPD_ACTIVATED = 1;
export const MPD_FAILED = 2;

/** A mapped representation's identifier and type, and the identifier as `attributeStringIndex`'s candidates. */
type MappedStrings = readonly [identifier: string | null, type: string | null, candidates: readonly string[]];

/** MPD001 on one IfcShapeRepresentation (see `mappedChecker`). */
export interface MappedChecker {
  /**
   * Judges the representation's mapped items: findings added to `out` (none when null, the first
   * found stops it); returns `MPD_ACTIVATED` and `MPD_FAILED` bits.
   */
  check(rep: number, out: Findings | null): number;
}

const checkers = new WeakMap<View, MappedChecker>();

/** One MPD001 judge per view: the mapped representations' strings and the mapping sources read once. */
export function mappedChecker(view: View): MappedChecker {
  const known = checkers.get(view);
  if (known) return known;
  const { model } = view;
  // Many items map one representation (a type's): its identifier and type are read once.
  const read = new Map<number, MappedStrings>();
  const strings = (mapped: number): MappedStrings => {
    let known = read.get(mapped);
    if (!known) {
      const identifier = view.str(mapped, 'RepresentationIdentifier');
      known = [identifier, view.str(mapped, 'RepresentationType'), identifier ? [identifier] : []];
      read.set(mapped, known);
    }
    return known;
  };
  // The representation a mapped item maps (MappingSource.MappedRepresentation; only exact
  // IfcMappedItem): many items share one mapping source (a type's map), each source read once.
  const mappedOf = new Map<number, number | null>();
  const { classNames } = model.classColumn();
  const mappedItem = new Uint8Array(classNames.length);
  for (let c = 0; c < classNames.length; c++) mappedItem[c] = classNames[c] === 'IFCMAPPEDITEM' ? 1 : 0;
  const mappedVia = (item: number) => {
    const c = view.classOrdinal(item);
    if (c < 0 || mappedItem[c] === 0) return null;
    const source = view.ref(item, 'MappingSource');
    if (source === null) return null;
    let mapped = mappedOf.get(source);
    if (mapped === undefined) {
      mapped = view.ref(source, 'MappedRepresentation');
      mappedOf.set(source, mapped);
    }
    return mapped;
  };
  const items: number[] = []; // a representation's items (one list for every representation)
  const checker: MappedChecker = {
    check(rep: number, out: Findings | null): number {
      let result = 0;
      // The representation's own identifier, compared with a mapped one on its bytes
      // (`attributeStringIndex`) and read as text only for a finding or a second mapped identifier.
      let parent: string | null | undefined; // read, when not undefined
      let comparedWith: MappedStrings | undefined; // what `parentIsChild` answers for
      let parentIsChild = false;
      // The items' types (the mapped representations'; null for any other item): the first,
      // whether any is set, whether any differs from the first.
      let firstType: string | null = null;
      let anyType = false;
      let differs = false;
      view.refsInto(rep, 'Items', items);
      for (let i = 0; i < items.length; i++) {
        const mapped = mappedVia(items[i]!);
        const known = mapped === null ? null : strings(mapped);
        const type = known === null ? null : known[1];
        if (i === 0) firstType = type;
        else if (type !== firstType) differs = true;
        if (type !== null) anyType = true;
        if (known === null) continue;
        const childIdentifier = known[0];
        if (childIdentifier || type) {
          result |= MPD_ACTIVATED;
          out?.activate();
        }
        let same: boolean;
        if (parent !== undefined) same = parent === childIdentifier;
        else if (comparedWith === undefined || comparedWith[0] === childIdentifier) {
          if (comparedWith === undefined) {
            const code = model.attributeStringIndex(rep, 'RepresentationIdentifier', known[2]);
            parentIsChild =
              childIdentifier === null ? code === -2 : childIdentifier === '' ? code === -3 : code === 0;
            comparedWith = known;
          }
          same = parentIsChild;
        } else {
          parent = view.str(rep, 'RepresentationIdentifier');
          same = parent === childIdentifier;
        }
        if (!same) {
          result |= MPD_FAILED;
          if (!out) return result;
          if (parent === undefined) parent = view.str(rep, 'RepresentationIdentifier');
          out.add(rep, 'validity.MPD001.identifier', {
            expected: parent ?? '',
            actual: childIdentifier ?? '',
            stepId: String(mapped),
          });
        }
      }
      // Every item of a representation that maps items must be a mapped item of one type.
      if (anyType && differs) {
        result |= MPD_FAILED;
        if (!out) return result;
        const types = new Set<string>();
        for (const item of items) {
          const mapped = mappedVia(item);
          types.add((mapped === null ? null : strings(mapped)[1]) ?? '-');
        }
        out.add(rep, 'validity.MPD001.types', { types: [...types].join(', ') });
      }
      return result;
    },
  };
  checkers.set(view, checker);
  return checker;
}
