/**
 * The generator's output checked with an independent STEP reader and the IFC4 schema tables:
 * valid instances, resolvable references, unique GlobalIds, determinism, size accuracy, the
 * injected defects counted from the file itself, and that real parsers open it.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaTables } from '@plumbline/ifc';
import { type GenerateSummary, generateIfc } from '@plumbline/ifc-gen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractWithIfcLite } from './lib/ifc-lite-extract';
import { type Instance, type Param, parseInstances, propertiesOf, referencesOf, text } from './lib/step-scan';

let dir: string;
let summary: GenerateSummary;
let fileText: string;
let instances: Map<number, Instance>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plumbline-gen-'));
  summary = await generateIfc({ targetBytes: 1_500_000, seed: 3, out: join(dir, 'v1.ifc') });
  fileText = await readFile(summary.path, 'latin1');
  instances = parseInstances(fileText);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
const ofClass = (cls: string) => [...instances.values()].filter((i) => i.cls === cls);

describe('generated IFC4 file', () => {
  it('is a STEP file of the IFC4 schema with the summary counts', () => {
    expect(fileText.startsWith('ISO-10303-21;\nHEADER;\n')).toBe(true);
    expect(fileText).toContain("FILE_SCHEMA(('IFC4'));");
    expect(fileText.endsWith('ENDSEC;\nEND-ISO-10303-21;\n')).toBe(true);
    expect(instances.size).toBe(summary.instances);
    expect(Buffer.byteLength(fileText, 'latin1')).toBe(summary.bytes);
    for (const [cls, count] of Object.entries(summary.byClass)) expect(ofClass(cls).length, cls).toBe(count);
  });

  it('writes every instance with the attributes its IFC4 entity declares', () => {
    const schema = schemaTables('IFC4');
    const derivedNames = (upper: string) => {
      const names = new Set<string>();
      for (let e = schema.entities.get(upper) ?? null; e; e = e.supertype)
        for (const d of e.ownDerived) names.add(d);
      return names;
    };
    for (const inst of instances.values()) {
      const entity = schema.entities.get(inst.cls);
      expect(entity, inst.cls).toBeDefined();
      if (!entity) continue;
      expect(entity.abstract, `${inst.cls} is abstract`).toBe(false);
      expect(inst.params.length, `#${inst.id} ${inst.cls} attribute count`).toBe(entity.attributes.length);
      const derived = derivedNames(inst.cls);
      entity.attributes.forEach((attr, i) => {
        const p = inst.params[i]!;
        if (p.kind === 'derived')
          expect(derived.has(attr.name), `#${inst.id} ${attr.name} written as *`).toBe(true);
        else if (p.kind === 'null')
          expect(attr.optional, `#${inst.id} ${inst.cls}.${attr.name} is required`).toBe(true);
        else if (p.kind === 'enum' && schema.types.get(attr.type)?.kind === 'enum') {
          expect(schema.types.get(attr.type)!.payload, `#${inst.id} ${attr.name}`).toContain(p.value);
        }
      });
    }
  });

  it('references only instances written before', () => {
    for (const inst of instances.values()) {
      for (const ref of referencesOf(inst.params)) {
        expect(instances.has(ref), `#${inst.id} → #${ref}`).toBe(true);
        expect(ref, `#${inst.id} refers forward to #${ref}`).toBeLessThan(inst.id);
      }
    }
  });

  it('gives every rooted object a unique 22-character GlobalId', () => {
    const rooted = [...instances.values()].filter(
      (i) =>
        i.params[0]?.kind === 'string' &&
        /^IFC(REL|PROPERTYSET|ELEMENTQUANTITY)|^IFC[A-Z]*(TYPE)?$/.test(i.cls) &&
        i.params[1]?.kind === 'ref',
    );
    const ids = rooted.map((i) => text(i.params[0]));
    expect(rooted.length).toBeGreaterThan(1000);
    for (const id of ids) expect(id).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has one type relation per type, spatial structure and units', () => {
    const relatingTypes = ofClass('IFCRELDEFINESBYTYPE').map((r) => (r.params[5] as { id: number }).id);
    expect(new Set(relatingTypes).size).toBe(relatingTypes.length);
    expect(ofClass('IFCPROJECT')).toHaveLength(1);
    expect(ofClass('IFCSITE')).toHaveLength(1);
    expect(ofClass('IFCBUILDING')).toHaveLength(summary.buildings);
    expect(ofClass('IFCBUILDINGSTOREY')).toHaveLength(summary.storeys);
    const units = ofClass('IFCSIUNIT').map((u) => text(u.params[3]));
    expect(units).toEqual(expect.arrayContaining(['METRE', 'SQUARE_METRE', 'CUBIC_METRE', 'RADIAN', 'GRAM']));
    expect(ofClass('IFCRELVOIDSELEMENT')).toHaveLength(summary.byClass.IFCOPENINGELEMENT!);
    expect(ofClass('IFCRELFILLSELEMENT')).toHaveLength(summary.byClass.IFCOPENINGELEMENT!);
  });

  it('carries exactly the FireRating gaps the summary reports', () => {
    const props = propertiesOf(instances);
    const pattern = /^(R|E|EI|REI)(15|20|30|45|60|90|120|180|240)$/;
    let missing = 0;
    let invalid = 0;
    for (const wall of ofClass('IFCWALL')) {
      const value: Param | undefined = props.get(wall.id)?.get('Pset_WallCommon')?.get('FireRating');
      const rating = text(value);
      if (rating === null) missing++;
      else if (!pattern.test(rating)) invalid++;
    }
    const walls = summary.byClass.IFCWALL!;
    expect(missing).toBe(summary.defects.wallFireRatingMissing.count);
    expect(invalid).toBe(summary.defects.wallFireRatingInvalid.count);
    expect(Math.abs(missing - walls * 0.1)).toBeLessThanOrEqual(1);
    expect(Math.abs(invalid - walls * 0.05)).toBeLessThanOrEqual(1);
    // IsExternal comes from the type for every wall; some occurrences override the U-value.
    for (const wall of ofClass('IFCWALL'))
      expect(props.get(wall.id)?.get('Pset_WallCommon')?.has('IsExternal')).toBe(true);
  });

  it('is within 10% of the requested size', async () => {
    for (const target of [200_000, 3_000_000]) {
      const s = await generateIfc({ targetBytes: target, seed: 1, out: join(dir, `size-${target}.ifc`) });
      expect(Math.abs(s.bytes - target) / target, `target ${target}`).toBeLessThan(0.1);
    }
  });

  it('is deterministic for a seed and differs between seeds', async () => {
    // Same file name in another folder: the name is part of the header.
    await mkdir(join(dir, 'again'));
    const again = await generateIfc({ targetBytes: 1_500_000, seed: 3, out: join(dir, 'again', 'v1.ifc') });
    const other = await generateIfc({ targetBytes: 1_500_000, seed: 4, out: join(dir, 'other.ifc') });
    expect(await sha(again.path)).toBe(await sha(summary.path));
    expect(await sha(other.path)).not.toBe(await sha(summary.path));
  });

  it('fills gaps as the version rises and keeps element GlobalIds', async () => {
    const v3 = await generateIfc({
      targetBytes: 1_500_000,
      seed: 3,
      versionTag: 3,
      out: join(dir, 'v3.ifc'),
    });
    for (const kind of Object.keys(summary.defects) as (keyof GenerateSummary['defects'])[]) {
      expect(v3.defects[kind].count, kind).toBeLessThanOrEqual(summary.defects[kind].count);
    }
    expect(v3.defects.wallFireRatingMissing.count).toBeLessThan(
      summary.defects.wallFireRatingMissing.count / 5,
    );
    const wallIds = (all: Map<number, Instance>) =>
      new Set([...all.values()].filter((i) => i.cls === 'IFCWALL').map((i) => text(i.params[0])));
    const v1Walls = wallIds(instances);
    const v3Walls = wallIds(parseInstances(await readFile(v3.path, 'latin1')));
    const shared = [...v3Walls].filter((id) => v1Walls.has(id)).length;
    expect(shared / Math.min(v1Walls.size, v3Walls.size)).toBeGreaterThan(0.95);
  });

  it('opens in @ifc-lite/parser and web-ifc with every wall, door and window', async () => {
    const expected = summary.byClass.IFCWALL! + summary.byClass.IFCDOOR! + summary.byClass.IFCWINDOW!;
    const lite = await extractWithIfcLite(summary.path);
    expect(lite.elements).toBe(expected);
    expect(lite.propertySets).toBeGreaterThanOrEqual(expected);
    const WebIFC = await import('web-ifc');
    const { extractWithWebIfc } = await import('./lib/web-ifc-extract');
    const web = await extractWithWebIfc(summary.path);
    expect(web.elements).toBe(expected);
    expect(WebIFC.IFCWALL).toBeGreaterThan(0);
  });
});
