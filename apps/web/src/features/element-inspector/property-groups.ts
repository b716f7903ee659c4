/** How the Properties tab groups an element's properties (spec 3 §2.3). */

export const GENERAL_SET = 'General';
export const NULL_VALUE = 'N/A';

export interface PropertyEntry {
  name: string;
  value: string;
}

export interface PropertyGroup {
  set: string;
  properties: PropertyEntry[];
}

/** Shown for a property: the value as written, 'N/A' when it has none. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return NULL_VALUE;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** 'Set:Name' → set and name, split at the first colon; a key without one belongs to 'General'. */
export function splitPropertyKey(key: string): { set: string; name: string } {
  const colon = key.indexOf(':');
  if (colon < 0) return { set: GENERAL_SET, name: key };
  return { set: key.slice(0, colon), name: key.slice(colon + 1) };
}

/** Groups in the order their first property appears; properties in their given order. */
export function groupProperties(data: Readonly<Record<string, unknown>> | null | undefined): PropertyGroup[] {
  const groups = new Map<string, PropertyEntry[]>();
  for (const [key, value] of Object.entries(data ?? {})) {
    const { set, name } = splitPropertyKey(key);
    let list = groups.get(set);
    if (!list) {
      list = [];
      groups.set(set, list);
    }
    list.push({ name, value: displayValue(value) });
  }
  return [...groups].map(([set, properties]) => ({ set, properties }));
}

/** The accordion items open at first: the first two groups. */
export function initiallyOpenGroups(groups: readonly PropertyGroup[]): string[] {
  return groups.slice(0, 2).map((g) => g.set);
}
