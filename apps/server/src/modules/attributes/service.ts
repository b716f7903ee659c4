import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  AddAttributeRequest,
  AddAttributeResponse,
  AnalyzeAttributeRequest,
  AnalyzeAttributeResponse,
  AttributeInsights,
  ExtraAttribute,
  ExtraAttributesResponse,
  RecommendationStatus,
  RecommendationUpdate,
  SchemaAttributesResponse,
  SchemaSummary,
} from '@plumbline/contracts';
import { addAttributeRequestSchema } from '@plumbline/contracts';
import { documentKeys, parseIds, specificationKeysOf, validateIds, writeIds } from '@plumbline/ids';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage/storage';
import type { AuditRecorder } from '../audit';
import { findCheckedVersion } from '../bimfiles';
import { toSpecificationRow } from '../idsfiles';
import { queueRechecks } from '../processing';
import { requireProjectPermission, requireProjectReader } from '../projects';
import { readAll, storageKeys } from '../storage';
import { hasPropertyRequirement, withPropertyRequirement } from './add-to-specification';
import { analyzeAttribute } from './analyze';
import {
  attributeId,
  attributeInsights,
  coverageSummary,
  schemaSummary,
  toExtraAttributes,
} from './coverage';
import { editInPlace, invalidRequirement } from './edit-in-place';
import { AttributeError } from './errors';
import * as repo from './repo';
import { buildSchemaAttributes, coverageInputs, mergeStats } from './specifications';

export interface AttributeDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  jobs: JobSender;
  audit: AuditRecorder;
}

export function createAttributeService(deps: AttributeDeps) {
  const { db, clock, storage, jobs, audit } = deps;

  async function statuses(projectId: string): Promise<Map<string, RecommendationStatus>> {
    const rows = await repo.listRecommendations(db, projectId);
    return new Map(rows.map((r) => [attributeId(r.propertySet, r.name), r.status as RecommendationStatus]));
  }

  /** The checked version to read; a file with none (and none named) has no attributes yet. */
  async function versionOf(projectId: string, fileId: string, versionId: string | undefined) {
    return (await findCheckedVersion(db, { projectId, fileId, versionId })).version;
  }

  /** Extra attributes over the given versions (one file version, or the latest of every file). */
  async function extraAttributes(
    projectId: string,
    versions: repo.CheckedVersion[],
  ): Promise<ExtraAttribute[]> {
    const [stats, specs, known] = await Promise.all([
      repo.listStats(
        db,
        versions.map((v) => v.id),
      ),
      repo.listActiveSpecifications(db, projectId),
      statuses(projectId),
    ]);
    const total = versions.reduce((sum, v) => sum + v.elementsCount, 0);
    const { facets, scopes } = coverageInputs(specs);
    return toExtraAttributes(mergeStats(stats), total, facets, scopes, known);
  }

  /** What the project overview reads: every included file's newest completed version together. */
  async function projectWide(projectId: string) {
    const versions = await repo.latestCompletedVersions(db, projectId);
    const attributes = await extraAttributes(projectId, versions);
    return { versions, attributes };
  }

  return {
    async extraAttributes(
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId?: string,
    ): Promise<ExtraAttributesResponse> {
      await requireProjectReader({ db, userId }, projectId);
      const version = await versionOf(projectId, fileId, versionId);
      const attributes = version ? await extraAttributes(projectId, [version]) : [];
      return {
        version_id: version?.id ?? null,
        total_elements: version?.elementsCount ?? 0,
        attributes,
        summary: coverageSummary(attributes),
      };
    },

    async schemaAttributes(
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId?: string,
    ): Promise<SchemaAttributesResponse> {
      await requireProjectReader({ db, userId }, projectId);
      const version = await versionOf(projectId, fileId, versionId);
      const specs = await repo.listActiveSpecifications(db, projectId);
      const [results, failures] = version
        ? await Promise.all([
            repo.listSpecificationResults(db, [version.id]),
            repo.facetFailureCounts(db, version.id),
          ])
        : [[], []];
      return { version_id: version?.id ?? null, ...buildSchemaAttributes(specs, results, failures) };
    },

    async schemaSummary(userId: string | null, projectId: string): Promise<SchemaSummary> {
      await requireProjectReader({ db, userId }, projectId);
      const { attributes } = await projectWide(projectId);
      const specs = await repo.listActiveSpecifications(db, projectId);
      const { facets } = coverageInputs(specs);
      // No compliance percentage of its own (issue 35): the Overview's IDS compliance card is the one.
      return schemaSummary(attributes, {
        specifications: specs.length,
        propertyFacets: facets.filter((f) => f.inRequirements).length,
      });
    },

    async insights(userId: string | null, projectId: string): Promise<AttributeInsights> {
      await requireProjectReader({ db, userId }, projectId);
      return attributeInsights((await projectWide(projectId)).attributes);
    },

    async setRecommendation(userId: string, projectId: string, update: RecommendationUpdate) {
      await requireProjectPermission({ db, userId }, projectId, 'attributes.setStatus');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await repo.upsertRecommendation(tx, {
          projectId,
          propertySet: update.property_set_name,
          name: update.attribute_name,
          status: update.status,
          updatedBy: userId,
          updatedAt: now,
        });
        await audit.record(
          {
            actorId: userId,
            projectId,
            action: 'attribute.recommendation_changed',
            targetType: 'project',
            targetId: projectId,
            details: {
              propertySet: update.property_set_name,
              name: update.attribute_name,
              status: update.status,
            },
          },
          tx,
        );
      });
      return {
        property_set_name: update.property_set_name,
        attribute_name: update.attribute_name,
        status: update.status,
        updated_at: now.toISOString(),
      };
    },

    async analyze(
      userId: string | null,
      request: AnalyzeAttributeRequest,
    ): Promise<AnalyzeAttributeResponse> {
      await requireProjectReader({ db, userId }, request.project_id);
      const versions = await repo.latestCompletedVersions(db, request.project_id);
      const rows = await repo.findStat(
        db,
        versions.map((v) => v.id),
        request.property_set_name,
        request.attribute_name,
      );
      const [merged] = mergeStats(rows);
      if (!merged) throw new AttributeError('attribute_not_found');
      const total = versions.reduce((sum, v) => sum + v.elementsCount, 0);
      return analyzeAttribute(merged, total);
    },

    /**
     * Appends a property requirement to a stored specification: the IDS file is read, the facet's
     * XML inserted into its text (everything else kept byte for byte, decision 0162; where that is
     * not possible the caller is asked first and only a confirmed request rewrites it whole with
     * writeIds) and validated, stored under a new key, and the
     * specification's facets re-read from it, all visible at once in one transaction with the
     * re-check of the project's latest versions and the attribute's status set to added_to_schema.
     */
    async addToSpecification(userId: string, input: AddAttributeRequest): Promise<AddAttributeResponse> {
      const body = addAttributeRequestSchema.parse(input);
      const spec = await repo.findSpecificationWithFile(db, body.specification_id);
      if (!spec) throw new AttributeError('specification_not_found');
      try {
        await requireProjectPermission({ db, userId }, spec.projectId, 'attributes.addToSpecification');
      } catch (error) {
        // Not a member: the specification does not exist for this caller either.
        if ((error as { code?: string }).code === 'project_not_found')
          throw new AttributeError('specification_not_found');
        throw error;
      }
      if (!spec.isActive) throw new AttributeError('specification_inactive');
      const bytes = await readAll(await storage.getStream(spec.storageKey));
      const original = parseIds(bytes, { fileName: spec.fileName });
      if (hasPropertyRequirement(original, spec.position, body.property_set_name, body.property_name))
        throw new AttributeError('already_required');
      const expected = withPropertyRequirement(original, spec.position, {
        propertySet: body.property_set_name,
        propertyName: body.property_name,
        dataType: body.data_type,
        cardinality: body.cardinality,
        valueConstraints: body.value_constraints,
        instructions: body.instructions,
      });
      const added = expected.specifications[spec.position]?.requirements.at(-1);
      if (!added) throw new AttributeError('specification_not_found');
      const inPlace = await editInPlace(bytes, spec.position, added, expected);
      // A whole-file rewrite loses comments, annotations and descriptions: only when the user agreed.
      if (!inPlace.ok && !body.accept_whole_file_rewrite) {
        return {
          outcome: 'confirmation_required',
          specification_id: spec.id,
          ids_file_id: spec.idsFileId,
          warnings: [inPlace.warning],
        };
      }
      const xml = inPlace.ok ? inPlace.xml : writeIds(expected);
      if (!inPlace.ok) {
        const problems = await validateIds(xml);
        if (problems.length > 0) throw invalidRequirement(problems[0]?.message);
      }
      const idsWritten = inPlace.ok ? 'edited_in_place' : 'rewritten_whole';
      const document = parseIds(xml, { fileName: spec.fileName });
      const reread = document.specifications[spec.position];
      if (!reread) throw new AttributeError('specification_not_found');
      // The specification keeps its key; its requirements keep theirs and the new one gets its own.
      const keys = spec.key
        ? specificationKeysOf(spec.key, reread)
        : documentKeys(spec.lineageId, document)[spec.position];
      if (!keys) throw new AttributeError('specification_not_found');
      const facets = toSpecificationRow(reread, spec.position, keys).requirementFacets;
      const key = storageKeys.idsFile(spec.projectId, `${spec.idsFileId}.${randomUUID()}`);
      const stored = await storage.putStream(key, Readable.from([Buffer.from(xml, 'utf8')]));
      let rechecks = 0;
      try {
        const now = clock.now();
        await db.transaction(async (tx) => {
          // Another change since we read the file would be lost by writing ours over it.
          if ((await repo.lockIdsFile(tx, spec.idsFileId)) !== spec.storageKey)
            throw new AttributeError('ids_file_changed');
          await repo.replaceIdsFileContent(tx, spec.idsFileId, {
            storageKey: key,
            sizeBytes: stored.size,
            sha256: stored.sha256,
            updatedAt: now,
          });
          await repo.setRequirementFacets(tx, spec.id, facets, {
            key: keys.key,
            requirementKeys: [...keys.requirementKeys],
          });
          await repo.upsertRecommendation(tx, {
            projectId: spec.projectId,
            propertySet: body.property_set_name,
            name: body.property_name,
            status: 'added_to_schema',
            updatedBy: userId,
            updatedAt: now,
          });
          rechecks = await queueRechecks(tx, jobs, spec.projectId, clock.now());
          await audit.record(
            {
              actorId: userId,
              projectId: spec.projectId,
              action: 'idsfile.requirement_added',
              targetType: 'project',
              targetId: spec.projectId,
              details: {
                idsFileId: spec.idsFileId,
                specificationId: spec.id,
                propertySet: body.property_set_name,
                name: body.property_name,
                rechecks,
                idsWritten,
                before: { sha256: createHash('sha256').update(bytes).digest('hex') },
                after: {
                  sha256: stored.sha256,
                  requirement: {
                    propertySet: body.property_set_name,
                    name: body.property_name,
                    dataType: body.data_type,
                    cardinality: body.cardinality,
                  },
                },
              },
            },
            tx,
          );
        });
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
      await storage.delete(spec.storageKey).catch(() => {});
      const facet = facets[facets.length - 1] as (typeof facets)[number];
      return {
        outcome: 'added',
        specification_id: spec.id,
        ids_file_id: spec.idsFileId,
        facet: { ...facet, specification_id: spec.id, specification_name: spec.name },
        rechecks,
        ids_written: idsWritten,
      };
    },
  };
}

export type AttributeService = ReturnType<typeof createAttributeService>;
