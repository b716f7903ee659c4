import { FRAGMENTS_FAILED, FRAGMENTS_NOT_READY } from '@plumbline/contracts';
import { errorCodeOf, isApiRequestError } from '@/lib/api';

/**
 * Why a viewer shows no model: spec 3 §5's validation messages ('select…'), a model with nothing to
 * draw, or one of spec 3 §8's model load problems. Rendered from the viewer's catalogue
 * (`viewer.problem.*`, `viewer.card.*`), so the words follow the page's language.
 */
export type ViewerIssue =
  | 'containerNotReady'
  | 'selectFile'
  | 'selectProject'
  | 'selectVersion'
  | 'noGeometry'
  | 'notReady'
  | 'processingRequired'
  | 'notFound'
  | 'sessionExpired'
  | 'accessDenied'
  | 'loadError';

/** What the viewer shows when it cannot show a model: the toast's title and the card's text come from `issue`. */
export interface ViewerProblem {
  issue: ViewerIssue;
  /** The error's own text, for a load error (shown after the sentence). */
  detail?: string;
  /** The model is being prepared: the viewer tries again by itself. */
  retryAutomatically: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The first thing missing before a model can load, in the spec's order; null when all is there. */
export function validateViewerInput(input: {
  containerReady: boolean;
  projectId: string | null | undefined;
  fileId: string | null | undefined;
  versionId: string | null | undefined;
}): ViewerIssue | null {
  if (!input.containerReady) return 'containerNotReady';
  const fileId = input.fileId?.trim() ?? '';
  if (!UUID.test(fileId) || !UUID.test(input.versionId?.trim() ?? '')) return 'selectFile';
  if (!input.projectId) return 'selectProject';
  return null;
}

/** Whether the card asks the user to choose something ('Selection Required', spec 3 §2.1) rather than reporting a failure. */
export function isSelectionIssue(issue: ViewerIssue): boolean {
  return issue === 'selectFile' || issue === 'selectProject' || issue === 'selectVersion';
}

/**
 * A failed model download as spec 3 §8 'Model load' sorts it. Our server answers 409 while the
 * model is being converted (the spec's code 7), 422 when the version has no viewable model and 400
 * for a bad request (both 'File Processing Required').
 */
export function modelLoadProblem(error: unknown): ViewerProblem {
  const status = isApiRequestError(error) ? error.status : 0;
  const code = errorCodeOf(error);
  // The version still processing (decision 0179) or its model still converting: both pass.
  const notReady =
    code === FRAGMENTS_NOT_READY || code === 'version_not_processed' || code === 'no_processed_version';
  if (status === 409 || notReady) return { issue: 'notReady', retryAutomatically: true };
  if (status === 400 || status === 422 || code === FRAGMENTS_FAILED) {
    return { issue: 'processingRequired', retryAutomatically: false };
  }
  if (status === 404) return { issue: 'notFound', retryAutomatically: false };
  // Spec 3 §8 'Token errors': the session ended while the page stayed open.
  if (status === 401) return { issue: 'sessionExpired', retryAutomatically: false };
  if (status === 403) return { issue: 'accessDenied', retryAutomatically: false };
  const detail = error instanceof Error && error.message ? error.message : String(error);
  return { issue: 'loadError', detail, retryAutomatically: false };
}

/** The id of a version's load-problem toast: the same problem on the same version is one toast. */
export function viewerLoadToastId(versionId: string, issue: ViewerIssue): string {
  return `viewer-load:${versionId}:${issue}`;
}
