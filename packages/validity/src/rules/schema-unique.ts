/**
 * Two constraints of the IFC schema itself, not in buildingSMART's Gherkin rules (their service
 * checks them in its schema step), kept here because each makes IDS verdicts unreliable
 * (decision 0249): SCH001, IfcRoot's UNIQUE rule UR1 (no GlobalId twice in a file), and SCH002,
 * the WHERE rule UniquePropertySetNames of IfcObject and IfcTypeObject (IFC4 and IFC4X3: no two
 * property sets of one name on an object). Codes of our own, so none collides with theirs.
 */
import type { Rule } from '../rule';
import type { View } from '../view';

export const SCH001: Rule = {
  id: 'SCH001',
  severity: 'error',
  check(view, out) {
    const first = new Map<string, number>();
    const repeated = new Map<string, number[]>();
    for (const id of view.ofType('IfcRoot')) {
      const guid = view.globalId(id);
      if (guid === null || guid === '') continue;
      out.activate();
      const seen = first.get(guid);
      if (seen === undefined) {
        first.set(guid, id);
        continue;
      }
      const list = repeated.get(guid);
      if (list) list.push(id);
      else repeated.set(guid, [seen, id]);
    }
    // Every instance that shares a GlobalId is named, so each element's verdicts can be marked.
    for (const [globalId, ids] of repeated) {
      for (const id of ids) out.add(id, 'validity.SCH001.repeated', { globalId, count: ids.length });
    }
  },
};

export const SCH002: Rule = {
  id: 'SCH002',
  severity: 'error',
  check(view, out) {
    if (view.schemaName === 'IFC2X3') return; // IFC2X3 states no such rule
    const sets = new Map<number, Set<number>>();
    const attach = (object: number, set: number) => {
      const own = sets.get(object);
      if (own) own.add(set);
      else sets.set(object, new Set([set]));
    };
    // RelatingPropertyDefinition is a set or, in IFC4, a list of sets (IfcPropertySetDefinitionSet).
    const related = view.related('IfcRelDefinesByProperties', 'RelatedObjects', 'RelatingPropertyDefinition');
    for (const [object, defined] of related) for (const set of defined) attach(object, set);
    for (const type of view.ofType('IfcTypeObject')) {
      for (const set of view.refs(type, 'HasPropertySets')) attach(type, set);
    }
    for (const [object, own] of sets) {
      out.activate();
      for (const name of repeatedNames(view, own)) out.add(object, 'validity.SCH002.repeated', { name });
    }
  },
};

/** Names that two distinct IfcPropertySet instances of the object share (quantity sets are unnamed to the rule). */
function repeatedNames(view: View, sets: ReadonlySet<number>): string[] {
  if (sets.size < 2) return [];
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const set of sets) {
    if (!view.is(set, 'IfcPropertySet')) continue;
    const name = view.str(set, 'Name');
    if (name === null) continue;
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}
