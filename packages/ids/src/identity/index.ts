/**
 * Stable identity across versions (issue 30), from one place: the element key (GlobalId, matched by
 * content when regenerated), the requirement key (IDS lineage + specification + facet content), a
 * version's findings and the comparison of two versions. The server, the command line and the
 * waivers of issue 32 all use these.
 */
export {
  type ChangeKind,
  compareVersions,
  type FindingChange,
  ownElementKey,
  type SpecificationComparison,
  type VersionComparison,
} from './compare';
export {
  contentScore,
  type ElementMatch,
  type MatchCounts,
  type MatchKind,
  MIN_CONTENT_SCORE,
  matchElements,
  PLACEMENT_TOLERANCE_M,
} from './element-matcher';
export {
  type DescribeOptions,
  describeElements,
  type ElementSignatures,
  emptySignatures,
} from './element-signature';
export {
  type CheckedSpecification,
  type EntityName,
  type Finding,
  type FindingFailure,
  FindingsBuilder,
  findingRequirementKey,
  findingsOfReports,
  type StoredFailure,
  type VersionFindings,
} from './findings';
export { PlacementOrigins } from './placement';
export {
  canonicalFacet,
  documentKeys,
  facetContentHash,
  ownRequirementKey,
  requirementKey,
  type SpecificationKeys,
  specificationKeysOf,
} from './requirement-key';
