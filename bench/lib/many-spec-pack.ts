/**
 * A seeded IDS pack in the shape of national and client code-list packs (issue 22): hundreds of
 * specifications that differ in one property literal, each with code lists (enumerations) of a
 * chosen length, written against the doors and windows of @plumbline/ifc-gen's model.
 *
 * Specification i applies, with no entity facet, to the elements whose Pset_DoorCommon.Reference
 * (or Pset_WindowCommon.Reference) equals one literal ("D02-417", "W01-73"), and requires:
 *  - the same Reference to be in a code list of `codeListLength` values, which leaves the literal
 *    out for every fifth specification (so those specifications fail on every element they apply to);
 *  - doors: Pset_DoorCommon.Status in a code list that holds NEW (so it passes), windows:
 *    Pset_WindowCommon.HasSillExternal true;
 *  - the Name attribute.
 * Valid against ids.xsd (bench/many-spec-pack.test.ts validates it).
 */

/** Reference literals the generator writes: the common door and window types' tags with a serial (D03 and W09 are rare in the model). */
const DOOR_TAGS = ['D01', 'D02', 'D04'] as const;
const WINDOW_TAGS = ['W01', 'W02'] as const;

export interface ManySpecPackOptions {
  readonly specifications: number;
  readonly codeListLength: number;
  readonly seed?: number;
  /**
   * Also vary the applicability (for the results test, not the benchmark): every third
   * specification adds an entity facet, and every seventh door specification is first keyed on a
   * number (Qto_DoorBaseQuantities.Width = 0.926), which no hash look-up can decide.
   */
  readonly variety?: boolean;
}

/** mulberry32: a small, seeded, deterministic generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

interface Target {
  readonly pset: 'Pset_DoorCommon' | 'Pset_WindowCommon';
  readonly literal: string;
}

/**
 * Every literal a specification may key on: low serials first (every model size has those, so most
 * specifications apply to some elements), in a seeded order within each block of serials.
 */
function targets(seed: number): Target[] {
  const next = random(seed);
  const all: Target[] = [];
  for (let block = 0; block < 1000; block += 50) {
    const part: Target[] = [];
    for (let serial = block; serial < block + 50; serial++) {
      for (const tag of DOOR_TAGS)
        part.push({ pset: 'Pset_DoorCommon', literal: `${tag}-${String(serial).padStart(3, '0')}` });
      // Windows: serial % 1000, unpadded.
      for (const tag of WINDOW_TAGS) part.push({ pset: 'Pset_WindowCommon', literal: `${tag}-${serial}` });
    }
    for (let i = part.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [part[i], part[j]] = [part[j] as Target, part[i] as Target];
    }
    all.push(...part);
  }
  return all;
}

function enumeration(values: readonly string[], indent: string): string {
  return values.map((v) => `${indent}<xs:enumeration value="${escapeXml(v)}"/>`).join('\n');
}

function codeList(target: Target, include: boolean, length: number, next: () => number): string[] {
  const values = new Set<string>();
  if (include) values.add(target.literal);
  while (values.size < length) {
    // Fillers look like real codes but never occur in the model ("D02-X48213").
    values.add(`${target.literal.slice(0, 3)}-X${Math.floor(next() * 1e7)}`);
  }
  // The literal somewhere in the list, not always first.
  const list = [...values];
  if (include && list.length > 1) {
    const at = Math.floor(next() * list.length);
    [list[0], list[at]] = [list[at] as string, list[0] as string];
  }
  return list;
}

const STATUS_CODES = ['NEW', 'EXISTING', 'DEMOLISH', 'TEMPORARY', 'OTHER', 'NOTKNOWN', 'UNSET'];

function specification(
  i: number,
  target: Target,
  codeListLength: number,
  next: () => number,
  variety: boolean,
): string {
  const include = i % 5 !== 0;
  const door = target.pset === 'Pset_DoorCommon';
  const entity =
    variety && i % 3 === 1
      ? `
        <ids:entity><ids:name><ids:simpleValue>${door ? 'IFCDOOR' : 'IFCWINDOW'}</ids:simpleValue></ids:name></ids:entity>`
      : '';
  const width =
    variety && door && i % 7 === 2
      ? `
        <ids:property dataType="IFCLENGTHMEASURE">
          <ids:propertySet><ids:simpleValue>Qto_DoorBaseQuantities</ids:simpleValue></ids:propertySet>
          <ids:baseName><ids:simpleValue>Width</ids:simpleValue></ids:baseName>
          <ids:value><ids:simpleValue>0.926</ids:simpleValue></ids:value>
        </ids:property>`
      : '';
  const second = door
    ? `        <ids:property dataType="IFCLABEL">
          <ids:propertySet><ids:simpleValue>Pset_DoorCommon</ids:simpleValue></ids:propertySet>
          <ids:baseName><ids:simpleValue>Status</ids:simpleValue></ids:baseName>
          <ids:value>
            <xs:restriction base="xs:string">
${enumeration(STATUS_CODES.slice(0, Math.min(codeListLength, STATUS_CODES.length)), '              ')}
            </xs:restriction>
          </ids:value>
        </ids:property>`
    : `        <ids:property dataType="IFCBOOLEAN">
          <ids:propertySet><ids:simpleValue>Pset_WindowCommon</ids:simpleValue></ids:propertySet>
          <ids:baseName><ids:simpleValue>HasSillExternal</ids:simpleValue></ids:baseName>
          <ids:value><ids:simpleValue>true</ids:simpleValue></ids:value>
        </ids:property>`;
  return `    <ids:specification name="Code ${target.literal}" ifcVersion="IFC4" identifier="MS-${String(i + 1).padStart(4, '0')}">
      <ids:applicability minOccurs="0" maxOccurs="unbounded">${entity}${width}
        <ids:property dataType="IFCIDENTIFIER">
          <ids:propertySet><ids:simpleValue>${target.pset}</ids:simpleValue></ids:propertySet>
          <ids:baseName><ids:simpleValue>Reference</ids:simpleValue></ids:baseName>
          <ids:value><ids:simpleValue>${target.literal}</ids:simpleValue></ids:value>
        </ids:property>
      </ids:applicability>
      <ids:requirements>
        <ids:property dataType="IFCIDENTIFIER">
          <ids:propertySet><ids:simpleValue>${target.pset}</ids:simpleValue></ids:propertySet>
          <ids:baseName><ids:simpleValue>Reference</ids:simpleValue></ids:baseName>
          <ids:value>
            <xs:restriction base="xs:string">
${enumeration(codeList(target, include, codeListLength, next), '              ')}
            </xs:restriction>
          </ids:value>
        </ids:property>
${second}
        <ids:attribute>
          <ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name>
        </ids:attribute>
      </ids:requirements>
    </ids:specification>`;
}

/** The pack as IDS XML text. */
export function manySpecPack({
  specifications,
  codeListLength,
  seed = 1,
  variety = false,
}: ManySpecPackOptions): string {
  if (!(specifications >= 1) || !(codeListLength >= 1))
    throw new Error('a pack needs specifications and code lists');
  const pool = targets(seed);
  if (specifications > pool.length) throw new Error(`at most ${pool.length} specifications`);
  const next = random(seed * 7919 + codeListLength);
  const specs: string[] = [];
  for (let i = 0; i < specifications; i++)
    specs.push(specification(i, pool[i] as Target, codeListLength, next, variety));
  return `<?xml version="1.0" encoding="UTF-8"?>
<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <ids:info>
    <ids:title>Plumbline many-specification pack: ${specifications} specifications, code lists of ${codeListLength}</ids:title>
    <ids:version>1.0</ids:version>
    <ids:description>Seeded (seed ${seed}) pack in the shape of national code-list packs, for the engine benchmark.</ids:description>
  </ids:info>
  <ids:specifications>
${specs.join('\n')}
  </ids:specifications>
</ids:ids>
`;
}
