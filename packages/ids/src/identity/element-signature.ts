/**
 * What identifies an element across versions of a model (issue 30): its GlobalId, and for an
 * exporter that regenerates GlobalIds, its content: class, predefined type, name, type object,
 * storey, placement origin (placement.ts) and a fingerprint of its properties. One walk over the
 * model's products gives every element's signature; the server's extraction rides along on the same
 * walk (`onPropertySet`), so the properties are decoded once.
 */
import type { IfcModel, PropertySetView, PropertyView } from '@plumbline/ifc/model';
import { PlacementOrigins } from './placement';

/** Every product's signature, as column arrays (index i is one element in all of them). */
export interface ElementSignatures {
  stepId: number[];
  globalId: (string | null)[];
  ifcClass: string[];
  name: (string | null)[];
  /** The name of its type object. */
  typeName: (string | null)[];
  predefinedType: (string | null)[];
  predefinedTypeUserDefined: boolean[];
  /** The name of its storey. */
  level: (string | null)[];
  /** The placement origin in metres (placement.ts); null when the chain cannot be resolved. */
  x: (number | null)[];
  y: (number | null)[];
  z: (number | null)[];
  /** An order-independent fingerprint of its properties and quantities (the type's merged in); null when none. */
  propertyHash: (string | null)[];
}

export interface DescribeOptions {
  /** Called with every property set of every element, in the walk's order (the server's extraction). */
  readonly onPropertySet?: (elementId: number, set: PropertySetView) => void;
}

export function emptySignatures(): ElementSignatures {
  return {
    stepId: [],
    globalId: [],
    ifcClass: [],
    name: [],
    typeName: [],
    predefinedType: [],
    predefinedTypeUserDefined: [],
    level: [],
    x: [],
    y: [],
    z: [],
    propertyHash: [],
  };
}

/** The signature of every IfcProduct and IfcTypeObject (`model.products()`), in that order. */
export function describeElements(model: IfcModel, options: DescribeOptions = {}): ElementSignatures {
  const out = emptySignatures();
  const storeyNames = new Map<number, string | null>();
  const placements = new PlacementOrigins(model);
  const hasher = new PropertyHasher();
  for (const id of model.products()) {
    const typeId = model.typeOf(id);
    const storeyId = model.storeyOf(id);
    let level: string | null = null;
    if (storeyId !== null) {
      if (!storeyNames.has(storeyId)) storeyNames.set(storeyId, model.name(storeyId));
      level = storeyNames.get(storeyId) ?? null;
    }
    out.stepId.push(id);
    out.globalId.push(model.globalId(id));
    out.ifcClass.push(model.classOf(id) ?? 'UNKNOWN');
    out.name.push(model.name(id));
    out.typeName.push(typeId === null ? null : model.name(typeId));
    const predefined = model.predefinedTypeView(id);
    out.predefinedType.push(predefined?.value ?? null);
    out.predefinedTypeUserDefined.push(predefined?.userDefined ?? false);
    out.level.push(level);
    const origin = placements.originOf(id);
    out.x.push(origin ? round(origin[0]) : null);
    out.y.push(origin ? round(origin[1]) : null);
    out.z.push(origin ? round(origin[2]) : null);
    hasher.start();
    for (const set of model.propertySets(id)) {
      options.onPropertySet?.(id, set);
      hasher.set(set.name);
      for (const property of set.properties) hasher.add(property, '');
    }
    out.propertyHash.push(hasher.finish());
  }
  return out;
}

/** Millimetre precision: what a database column keeps and a comparison needs. */
function round(metres: number): number {
  return Math.round(metres * 1000) / 1000;
}

/**
 * A property fingerprint that ignores the order sets and properties are written in: each property's
 * (set, name, values) is hashed on two 32-bit lanes and the hashes summed. Numbers are hashed as
 * 32-bit floats, so float noise below seven significant digits does not change it. Values are taken
 * as written (in the file's units): converting every number to SI cost more than the rest.
 */
class PropertyHasher {
  private a = 0;
  private b = 0;
  private count = 0;
  private la = 0;
  private lb = 0;
  /** The lanes after a set's name, shared by its properties. */
  private setA = 0;
  private setB = 0;

  start(): void {
    this.a = 0;
    this.b = 0;
    this.count = 0;
  }

  set(setName: string): void {
    this.la = 0x811c9dc5;
    this.lb = 0x9747b28c;
    this.feed(setName);
    this.feedCode(0);
    this.setA = this.la;
    this.setB = this.lb;
  }

  add(property: PropertyView, prefix: string): void {
    if (property.kind === 'complex' && property.properties) {
      for (const nested of property.properties) this.add(nested, `${prefix}${property.name}.`);
      return;
    }
    this.la = this.setA;
    this.lb = this.setB;
    if (prefix !== '') this.feed(prefix);
    this.feed(property.name);
    for (const value of property.values) {
      this.feedCode(1);
      const v = value.value;
      if (typeof v === 'number') {
        FLOAT[0] = v;
        this.feedCode(WORD[0] as number);
      } else this.feed(typeof v === 'string' ? v : v ? 'true' : 'false');
    }
    this.a = (this.a + mix(this.la)) >>> 0;
    this.b = (this.b + mix(this.lb)) >>> 0;
    this.count++;
  }

  finish(): string | null {
    if (this.count === 0) return null;
    return hex(this.a) + hex(this.b) + hex(this.count);
  }

  /** FNV-1a on lane a, a multiplicative hash on lane b, over the text's UTF-16 code units. */
  private feed(text: string): void {
    let a = this.la;
    let b = this.lb;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
    }
    this.la = a;
    this.lb = b;
  }

  private feedCode(c: number): void {
    this.la = Math.imul(this.la ^ c, 0x01000193);
    const b = Math.imul(this.lb ^ c, 0x5bd1e995);
    this.lb = b ^ (b >>> 13);
  }
}

const FLOAT = new Float32Array(1);
const WORD = new Uint32Array(FLOAT.buffer);

/** A final avalanche (murmur3's fmix32), so sums of similar hashes do not collide. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}
