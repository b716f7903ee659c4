/**
 * `part` as a share of `whole` out of 100, one decimal, at most 100, and 0 when there is no whole:
 * the one percentage rule behind every figure Plumbline shows, in the command line's reports and, through
 * `@plumbline/contracts`, on the server's screens (overview, compliance, attributes, assistant). It lives
 * here because the engine package may import nothing of ours but `ifc`.
 */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}
