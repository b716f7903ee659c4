/** One line for a recorded value: `role: Editor`, `active: true`; nothing recorded is a dash. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(describeValue).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .map(
      ([key, inner]) =>
        `${key}: ${typeof inner === 'object' && inner !== null ? JSON.stringify(inner) : String(inner)}`,
    )
    .join(', ');
}

/** What an entry changed, as "before → after", or its other details when it records no change. */
export function changeSummary(details: Record<string, unknown>): string {
  if ('before' in details || 'after' in details) {
    return `${describeValue(details.before)} → ${describeValue(details.after)}`;
  }
  return describeValue(details);
}
