import { loadManifest, runManifest, testcasesDirectory } from '@plumbline/ids/conformance/manifest-runner';

let measured: Promise<string> | null = null;

/**
 * The engine's score on buildingSMART's IDS conformance cases, measured once per process when the
 * cases are on this machine (`../shared/ids-testcases`, or PLUMBLINE_IDS_TESTCASES); about a second.
 */
export function conformanceScore(): Promise<string> {
  measured ??= (async () => {
    const dir = testcasesDirectory();
    const cases = loadManifest(dir);
    if (!cases) return 'not measured on this installation (the conformance cases are not installed)';
    const outcomes = await runManifest(cases, dir);
    const passed = outcomes.filter((o) => o.ok).length;
    return `${passed} of ${outcomes.length} buildingSMART IDS 1.0 conformance cases pass`;
  })().catch((error: unknown) => `not measured (${error instanceof Error ? error.message : String(error)})`);
  return measured;
}
