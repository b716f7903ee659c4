/**
 * A storey being filled: writes element occurrences and remembers, for the storey's closing
 * relations, what it contains, which material usage and which classification each element gets.
 */
import { EF_CODE_BY_CLASS } from './catalogue';
import type { GenContext } from './context';
import { str } from './step-writer';
import { addOccurrence, type TypeRecord } from './types';

export interface Catalogue {
  readonly types: Map<string, TypeRecord>;
  /** Uniclass EF references by code. */
  readonly efReferences: Map<string, number>;
  /** Uniclass SL (spaces) references by code. */
  readonly spaceReferences: Map<string, number>;
  /** Occurrences per class (IFCWALL …) and per type key ('type:wall-ext' …). */
  readonly stats: Map<string, number>;
  /** Occurrences left without their Uniclass EF reference, per class. */
  readonly unclassified: Map<string, number>;
  /** Running number for Revit-like element ids in names and tags. */
  nextElementNumber: number;
  /** Counts classified elements (the classification defect's serial). */
  classifiedSerial: number;
}

export class StoreyState {
  readonly contained: number[] = [];
  readonly spaces: number[] = [];
  private readonly materialGroups = new Map<number, number[]>();
  private readonly classificationGroups = new Map<number, number[]>();

  constructor(
    readonly id: number,
    readonly placement: number,
    readonly number: number,
    readonly height: number,
  ) {}

  addMaterial(ctx: GenContext, material: number, element: number): void {
    push(this.materialGroups, material, element);
    ctx.deferredChars += String(element).length + 2;
  }

  addClassification(ctx: GenContext, reference: number, element: number): void {
    push(this.classificationGroups, reference, element);
    ctx.deferredChars += String(element).length + 2;
  }

  contain(ctx: GenContext, element: number): void {
    this.contained.push(element);
    ctx.deferredChars += String(element).length + 2;
  }

  /** Containment, space aggregation, material and classification relations of the storey. */
  close(ctx: GenContext): void {
    let written = 0;
    const count = (ids: readonly number[]) => {
      for (const id of ids) written += String(id).length + 2;
    };
    if (this.contained.length > 0) {
      ctx.relate('IFCRELCONTAINEDINSPATIALSTRUCTURE', this.id, this.contained, false);
      count(this.contained);
    }
    if (this.spaces.length > 0) {
      ctx.relate('IFCRELAGGREGATES', this.id, this.spaces, true);
      count(this.spaces);
    }
    for (const [material, elements] of this.materialGroups) {
      ctx.relate('IFCRELASSOCIATESMATERIAL', material, elements, false);
      count(elements);
    }
    for (const [reference, elements] of this.classificationGroups) {
      ctx.relate('IFCRELASSOCIATESCLASSIFICATION', reference, elements, false);
      count(elements);
    }
    ctx.deferredChars -= written;
  }
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export interface ElementArgs {
  readonly entity: string;
  readonly type: TypeRecord | null;
  readonly placement: number;
  readonly shape: number;
  /** Attributes after Tag, already encoded (PredefinedType etc.). */
  readonly tail: string;
  /** Overrides the name (default: type name + element number). */
  readonly name?: string;
  readonly objectType?: string | null;
  /** Contained in the storey (false for openings, which hang off their wall). */
  readonly contained?: boolean;
  /**
   * Written only in some versions (defect placeholders): takes its GlobalId and number from a
   * separate stream so the other elements keep theirs from version to version.
   */
  readonly extra?: boolean;
}

/** Writes an element occurrence and registers it with its type, storey, material and classification. */
export function writeElement(
  ctx: GenContext,
  cat: Catalogue,
  storey: StoreyState,
  args: ElementArgs,
): number {
  const number = args.extra ? 0 : cat.nextElementNumber++;
  const typeName = args.type?.spec.name ?? null;
  const name = args.name ?? `${typeName ?? args.entity}:${number}`;
  const objectType = args.objectType === undefined ? typeName : args.objectType;
  const rest = `${str(name)},$,${objectType === null ? '$' : ctx.name(objectType)},#${args.placement},#${args.shape},${args.extra ? '$' : str(String(number))},${args.tail}`;
  const id = args.extra ? ctx.extraObject(args.entity, rest) : ctx.object(args.entity, rest);
  cat.stats.set(args.entity, (cat.stats.get(args.entity) ?? 0) + 1);
  if (args.contained !== false) storey.contain(ctx, id);
  if (args.type) {
    cat.stats.set(args.type.statsKey, (cat.stats.get(args.type.statsKey) ?? 0) + 1);
    addOccurrence(ctx, args.type, id);
    if (args.type.occurrenceMaterial !== null) storey.addMaterial(ctx, args.type.occurrenceMaterial, id);
  }
  const code = EF_CODE_BY_CLASS[args.entity];
  if (code !== undefined) {
    const missing = ctx.defects.hits('elementClassificationMissing', cat.classifiedSerial++);
    if (missing) cat.unclassified.set(args.entity, (cat.unclassified.get(args.entity) ?? 0) + 1);
    else storey.addClassification(ctx, cat.efReferences.get(code)!, id);
  }
  return id;
}
