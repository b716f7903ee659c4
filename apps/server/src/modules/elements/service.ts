import type { BimElement, ElementCompliance } from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import type { Specification } from '@plumbline/ids';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import type { FileStorage } from '../../platform/storage/storage';
import { requireCheckedVersion, type VersionRow } from '../bimfiles';
import { type CheckedSpecificationRow, checkedSpecifications, wordsFor } from '../compliance';
import { derivedFunctionalGroup, primaryBimCategory } from '../metadata';
import { requireProjectReader } from '../projects';
import { elementValidity } from '../validity';
import { buildElementCompliance } from './compliance';
import { entityName } from './entity-name';
import { ElementError } from './errors';
import type { ElementFacts, StoredProperty } from './facet-results';
import { createIdsDocumentSource } from './ids-documents';
import * as repo from './repo';

export type ElementRef = { viewerDbId: number } | { globalId: string };

export interface ElementAddress {
  projectId: string;
  fileId: string;
  /** Without it, the file's latest completed version. */
  versionId?: string | undefined;
  element: ElementRef;
}

/** 'Set:Name' → value, the shape the inspector groups (spec 3 §2.3). */
export function propertiesData(properties: readonly StoredProperty[]): Record<string, string | null> {
  const data: Record<string, string | null> = {};
  for (const p of properties) data[`${p.propertySet}:${p.name}`] = p.value;
  return data;
}

export function toElementDto(
  versionId: string,
  row: repo.ElementRow,
  properties: readonly StoredProperty[],
): BimElement {
  return {
    id: row.globalId ?? `#${row.stepId}`,
    file_version_id: versionId,
    viewer_db_id: row.stepId,
    primary_bim_category: primaryBimCategory(row.ifcClass),
    ifc_class: row.ifcClass,
    type_name: row.typeName,
    ifc_entity_type: entityName(row.ifcClass),
    type_name_override: row.predefinedType,
    level: row.level,
    source_name: row.name,
    source_external_id: null,
    persistent_guid: row.globalId,
    derived_functional_group: derivedFunctionalGroup(row.ifcClass),
    properties_data: propertiesData(properties),
  };
}

export function createElementService(deps: {
  db: Database;
  storage: FileStorage;
  /**
   * An element's properties in (set, name) order: the explorer's store (decision 0273), given by the
   * composition root (the metadata module imports this one).
   */
  propertiesOf: (
    version: { id: string; processedAt: Date | null; projectId: string },
    stepId: number,
  ) => Promise<StoredProperty[]>;
}) {
  const { db } = deps;
  const propertiesOf = (version: VersionRow, projectId: string, stepId: number) =>
    deps.propertiesOf({ id: version.id, processedAt: version.processedAt, projectId }, stepId);
  const documents = createIdsDocumentSource(deps.storage);

  async function resolveVersion(userId: string | null, address: ElementAddress): Promise<VersionRow> {
    await requireProjectReader({ db, userId }, address.projectId);
    return (await requireCheckedVersion(db, address)).version;
  }

  async function findElement(versionId: string, ref: ElementRef): Promise<repo.ElementRow> {
    const row =
      'viewerDbId' in ref
        ? await repo.findElement(db, versionId, ref.viewerDbId)
        : await repo.findElementByGlobalId(db, versionId, ref.globalId);
    if (!row) throw new ElementError('element_not_found');
    return row;
  }

  /** The parsed specifications by id, from each IDS file that could be read. */
  async function parsedSpecifications(
    specs: readonly CheckedSpecificationRow[],
  ): Promise<Map<string, Specification>> {
    const parsed = new Map<string, Specification>();
    const files = new Map(specs.map((s) => [s.idsFileId, s]));
    for (const file of files.values()) {
      const document = await documents.load(file.idsFileId, file.idsSha256, file.idsStorageKey);
      if (!document) continue;
      for (const spec of specs) {
        const own = spec.idsFileId === file.idsFileId ? document.specifications[spec.position] : undefined;
        if (own) parsed.set(spec.id, own);
      }
    }
    return parsed;
  }

  return {
    /** One element of a version with its properties (spec 3 §3 'BIM element'). */
    async get(userId: string | null, address: ElementAddress): Promise<BimElement> {
      const version = await resolveVersion(userId, address);
      const row = await findElement(version.id, address.element);
      const properties = await propertiesOf(version, address.projectId, row.stepId);
      return toElementDto(version.id, row, properties);
    },

    /** The element's outcome for every specification checked on its version, facet by facet. */
    async compliance(
      userId: string | null,
      address: ElementAddress,
      locale: Locale = 'en',
    ): Promise<ElementCompliance> {
      const version = await resolveVersion(userId, address);
      const row = await findElement(version.id, address.element);
      const [properties, specifications, validity] = await Promise.all([
        propertiesOf(version, address.projectId, row.stepId),
        checkedSpecifications(db, version.id),
        elementValidity(db, version.id, { stepId: row.stepId, globalId: row.globalId }),
      ]);
      const results = await repo.elementResultsOf(
        db,
        version.id,
        specifications.map((s) => s.id),
        row.stepId,
      );
      const facts: ElementFacts = {
        ifcClass: row.ifcClass,
        entityName: entityName(row.ifcClass),
        predefinedType: row.predefinedType,
        predefinedTypeUserDefined: row.predefinedTypeUserDefined,
        properties,
      };
      return buildElementCompliance({
        elementId: row.globalId ?? `#${row.stepId}`,
        viewerDbId: row.stepId,
        fileVersionId: version.id,
        checkedAt: version.checkedAt,
        facts,
        specifications,
        results,
        parsed: await parsedSpecifications(specifications),
        words: wordsFor(locale),
        prohibitedReason: render(locale, 'elements.prohibitedSpecification'),
        validity,
      });
    },
  };
}

export type ElementService = ReturnType<typeof createElementService>;
