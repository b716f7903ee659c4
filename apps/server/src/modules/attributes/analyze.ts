import type { AnalyzeAttributeResponse, ValueConstraint } from '@plumbline/contracts';
import { percentOf } from '@plumbline/contracts';

/** An attribute's stored statistics, summed over the versions analysed. */
export interface AttributeProfile {
  elementCount: number;
  populatedCount: number;
  distinctValues: number;
  sampleValues: string[];
  dataType: string | null;
  booleanValues: number;
  integerValues: number;
  realValues: number;
}

/** Few enough distinct values (all of them kept as samples) to suggest an enumeration. */
export const ENUMERATION_MAX_VALUES = 10;
/** Occurrence from which the analysis suggests making the attribute required. */
export const REQUIRED_FROM_OCCURRENCE = 80;

type Suggestion = AnalyzeAttributeResponse['data_type_suggestions'][number];

/**
 * Data types best first: the type the model itself declares (IDS compares data types exactly, so
 * that is the one a requirement must use), then what every value reads as (IFCBOOLEAN, IFCINTEGER,
 * IFCREAL, else IFCLABEL), then IFCTEXT as the catch-all.
 */
function dataTypes(p: AttributeProfile): Suggestion[] {
  const out: Suggestion[] = [];
  const add = (data_type: string, reason: string) => {
    if (!out.some((s) => s.data_type === data_type)) out.push({ data_type, reason });
  };
  if (p.dataType) add(p.dataType.toUpperCase(), 'The data type the model declares for these values.');
  const n = p.populatedCount;
  if (n > 0 && p.booleanValues === n) add('IFCBOOLEAN', 'Every value is true or false.');
  else if (n > 0 && p.integerValues === n) add('IFCINTEGER', 'Every value is a whole number.');
  else if (n > 0 && p.realValues === n) add('IFCREAL', 'Every value is a number.');
  else if (n > 0) add('IFCLABEL', 'The values are short texts.');
  add('IFCTEXT', 'Any text.');
  return out;
}

function constraints(p: AttributeProfile): ValueConstraint[] {
  const complete = p.distinctValues > 0 && p.distinctValues === p.sampleValues.length;
  // An enumeration only when every value is known and values repeat (otherwise it is just a list of one-offs).
  if (complete && p.distinctValues <= ENUMERATION_MAX_VALUES && p.distinctValues < p.populatedCount) {
    if (p.booleanValues === p.populatedCount) return [];
    return [{ type: 'enumeration', values: [...p.sampleValues] }];
  }
  return [];
}

export function analyzeAttribute(p: AttributeProfile, totalElements: number): AnalyzeAttributeResponse {
  const occurrence = percentOf(p.elementCount, totalElements);
  return {
    data_type_suggestions: dataTypes(p),
    cardinality_suggestion: occurrence >= REQUIRED_FROM_OCCURRENCE ? 'required' : 'optional',
    suggested_constraints: constraints(p),
    occurrence,
    element_count: p.elementCount,
  };
}
