/**
 * Synthetic IFC4 model generator: a believable office campus with types, property and quantity
 * sets, materials, Uniclass 2015 classification, openings, services and a known share of missing
 * and wrong values. Streams to disk (never holds the file), deterministic for a seed.
 *
 *   const summary = await generateIfc({ targetBytes: 10e6, seed: 1, out: 'model.ifc' });
 */
import { basename } from 'node:path';
import { CampusWriter, planCampus } from './generator/building';
import { ROOM_USES } from './generator/catalogue';
import { GenContext } from './generator/context';
import { DEFECT_KINDS, type DefectKind, DefectPlan, type VersionTag } from './generator/defects';
import {
  writeClassifications,
  writeFlatReference,
  writeHeader,
  writeProject,
  writeSite,
  writeTrailer,
} from './generator/project';
import { createRandom } from './generator/random';
import { StepWriter } from './generator/step-writer';
import type { Catalogue } from './generator/storey';
import { writeTypeRelations, writeTypes } from './generator/types';

export type { VersionTag } from './generator/defects';

export interface GenerateOptions {
  /** Approximate size in bytes: within 10% from 100 kB up, a few percent above 1 MB; at least one bay (~60 kB). */
  readonly targetBytes: number;
  /** Path of the .ifc file to write. */
  readonly out: string;
  /** Same seed, size and version give a byte-identical file. Default 1. */
  readonly seed?: number;
  /**
   * Model maturity: 1 = first issue with the full share of gaps, 2 and 3 = later issues with 40%
   * and 10% of them. Elements keep their GlobalIds from version to version. Default 1.
   */
  readonly versionTag?: VersionTag;
  /** Only IFC4 is generated. */
  readonly schema?: 'IFC4';
  /**
   * Storeys per building (1 to 12). Default: from the size (a cube-root rule, so large models
   * grow upwards as well as outwards). The demo office fixes 4.
   */
  readonly storeys?: number;
  /** IfcProject name. Default `Riverside Campus (seed N)`. */
  readonly projectName?: string;
  /**
   * The "many property sets" shape: this many further occurrence property sets on each wall, door
   * and window (Pset_Warranty, Pset_Condition …, 5 properties each), besides their Pset_*Common and
   * Qto_*BaseQuantities. Default 0: the standard model, byte for byte.
   */
  readonly extraPropertySets?: number;
}

/** `extraPropertySets` of the benchmark's many-property-sets shape: 10 occurrence sets per wall, door and window. */
export const MANY_PSETS_EXTRA = 8;

/** Bumped whenever the output for a given seed changes, so cached benchmark models are regenerated. */
export const GENERATOR_VERSION = 1;

export interface GenerateSummary {
  readonly generatorVersion: number;
  readonly path: string;
  readonly bytes: number;
  readonly instances: number;
  /** IfcElement occurrences (building elements, openings, services, proxies). */
  readonly elements: number;
  /** Occurrences per class, upper case (IFCWALL, IFCSPACE, …). */
  readonly byClass: Readonly<Record<string, number>>;
  /** Occurrences per catalogue type key (wall-ext, door-fire, …). */
  readonly byType: Readonly<Record<string, number>>;
  /** Occurrences without their Uniclass EF reference, per class (the classification defect). */
  readonly unclassifiedByClass: Readonly<Record<string, number>>;
  readonly buildings: number;
  readonly storeys: number;
  readonly bays: number;
  readonly seed: number;
  readonly versionTag: VersionTag;
  /** Each injected defect: how many items carry it and the share it was drawn at. */
  readonly defects: Readonly<Record<DefectKind, { readonly count: number; readonly rate: number }>>;
  readonly seconds: number;
  /** Further property sets per wall, door and window (the many-property-sets shape); absent in the default shape. */
  readonly extraPropertySets?: number;
}

/** Bytes written after the last bay besides deferred references: relations, trailer. */
const FIXED_TAIL_BYTES = 4_000;
/** Fixed timestamps keep the output byte-identical for a seed. */
const CREATION_TIME = 1_714_554_000; // 2024-05-01T09:00:00Z

export async function generateIfc(options: GenerateOptions): Promise<GenerateSummary> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  const versionTag = options.versionTag ?? 1;
  if (options.schema && options.schema !== 'IFC4')
    throw new Error(`Only IFC4 is generated, not ${options.schema}`);
  if (![1, 2, 3].includes(versionTag)) throw new Error(`versionTag must be 1, 2 or 3, not ${versionTag}`);
  if (!(options.targetBytes > 0)) throw new Error('targetBytes must be a positive number');
  if (
    options.storeys !== undefined &&
    !(Number.isInteger(options.storeys) && options.storeys >= 1 && options.storeys <= 12)
  )
    throw new Error(`storeys must be a whole number from 1 to 12, not ${options.storeys}`);
  const extraPropertySets = options.extraPropertySets ?? 0;
  if (!(Number.isInteger(extraPropertySets) && extraPropertySets >= 0 && extraPropertySets <= 64))
    throw new Error(`extraPropertySets must be a whole number from 0 to 64, not ${extraPropertySets}`);

  const writer = await StepWriter.create(options.out);
  try {
    const defects = new DefectPlan(versionTag);
    const ctx = new GenContext(writer, seed, defects, createRandom(seed));
    ctx.extraPropertySets = extraPropertySets;
    writeHeader(ctx, {
      fileName: basename(options.out),
      timestamp: '2024-05-01T09:00:00',
      version: versionTag,
    });
    const project = writeProject(
      ctx,
      CREATION_TIME,
      options.projectName ?? `Riverside Campus (seed ${seed})`,
    );
    const site = writeSite(ctx, project);
    const { uniclass, references } = writeClassifications(ctx);
    const spaceReferences = new Map<string, number>();
    for (const use of ROOM_USES) {
      if (!spaceReferences.has(use.code))
        spaceReferences.set(use.code, writeFlatReference(ctx, uniclass, use.code, use.longName));
    }
    const types = writeTypes(ctx, uniclass);
    const stats = new Map<string, number>();
    const catalogue: Catalogue = {
      types,
      efReferences: references,
      spaceReferences,
      stats,
      unclassified: new Map(),
      nextElementNumber: 310_001 + Math.floor(ctx.random() * 100_000),
      classifiedSerial: 0,
    };
    const plan = planCampus(options.targetBytes, options.storeys);
    const campus = new CampusWriter(ctx, catalogue, plan, site);
    const isFull = () => writer.bytes + ctx.deferredChars + FIXED_TAIL_BYTES >= options.targetBytes;
    const result = await campus.write(isFull);
    writeTypeRelations(ctx, types);
    writeTrailer(ctx);
    await writer.close();

    const sorted = (entries: Iterable<[string, number]>) =>
      Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)));
    const classEntries = [...stats.entries()].filter(([key]) => !key.startsWith('type:'));
    const byClass = sorted(classEntries);
    const byType = sorted(
      [...stats.entries()].filter(([key]) => key.startsWith('type:')).map(([key, n]) => [key.slice(5), n]),
    );
    const elements = classEntries.filter(([cls]) => cls !== 'IFCSPACE').reduce((sum, [, n]) => sum + n, 0);
    const defectSummary = {} as Record<DefectKind, { count: number; rate: number }>;
    for (const kind of DEFECT_KINDS)
      defectSummary[kind] = { count: defects.counts[kind], rate: defects.rates[kind] };
    return {
      generatorVersion: GENERATOR_VERSION,
      path: options.out,
      bytes: writer.bytes,
      instances: writer.instanceCount,
      elements,
      byClass,
      byType,
      unclassifiedByClass: sorted(catalogue.unclassified.entries()),
      ...result,
      seed,
      versionTag,
      defects: defectSummary,
      seconds: (performance.now() - started) / 1000,
      ...(extraPropertySets > 0 ? { extraPropertySets } : {}),
    };
  } catch (error) {
    await writer.close().catch(() => undefined);
    throw error;
  }
}
