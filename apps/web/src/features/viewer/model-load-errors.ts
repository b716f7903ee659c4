import { FRAGMENTS_FAILED, FRAGMENTS_NOT_READY } from '@plumbline/contracts';
import { errorCodeOf, isApiRequestError } from '@/lib/api';

/** What the viewer shows when it cannot show a model: a toast title and the card's text. */
export interface ViewerProblem {
  title: string;
  message: string;
  /** The model is being prepared: the viewer tries again by itself. */
  retryAutomatically: boolean;
}

// Spec 3 §5 'Viewer': validation messages, checked in this order.
export const CONTAINER_NOT_READY = 'Viewer container not ready. Please try again.';
export const SELECT_FILE = 'Please select a BIM file to view the 3D model.';
export const SELECT_PROJECT = 'Please select a project to view the 3D model.';
/** A file is chosen but none of its versions has finished processing (or none is chosen). */
export const SELECT_VERSION = 'Please select a processed version of the file to view the 3D model.';
/** The model loaded but has nothing to draw (issue 17): said instead of a blank canvas. */
export const NO_GEOMETRY =
  'This model has no 3D geometry to show. Its elements and properties are still listed in the tables.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The first thing missing before a model can load, as the spec words it; null when all is there. */
export function validateViewerInput(input: {
  containerReady: boolean;
  projectId: string | null | undefined;
  fileId: string | null | undefined;
  versionId: string | null | undefined;
}): string | null {
  if (!input.containerReady) return CONTAINER_NOT_READY;
  const fileId = input.fileId?.trim() ?? '';
  if (!UUID.test(fileId) || !UUID.test(input.versionId?.trim() ?? '')) return SELECT_FILE;
  if (!input.projectId) return SELECT_PROJECT;
  return null;
}

/** The error card's title (spec 3 §2.1). */
export function errorCardTitle(message: string): string {
  return /\bselect\b/i.test(message) ? 'Selection Required' : '3D Viewer Unavailable';
}

/** The hint under the error card (spec 3 §2.1). */
export function errorCardHint(message: string): string {
  return errorCardTitle(message) === 'Selection Required'
    ? 'Use the project and file selectors above to choose what to view.'
    : 'You can still view and analyze the metadata and elements data using the tables below.';
}

/**
 * A failed model download in the words of spec 3 §8 'Model load'. Our server answers 409 while the
 * model is being converted (the spec's code 7), 422 when the version has no viewable model and 400
 * for a bad request (both 'File Processing Required').
 */
export function modelLoadProblem(error: unknown): ViewerProblem {
  const status = isApiRequestError(error) ? error.status : 0;
  const code = errorCodeOf(error);
  // The version still processing (decision 0179) or its model still converting: both pass.
  const notReady =
    code === FRAGMENTS_NOT_READY || code === 'version_not_processed' || code === 'no_processed_version';
  if (status === 409 || notReady) {
    return {
      title: 'Model Not Ready',
      message:
        'The file is still being processed or has no viewable 3D geometry; try again in a few minutes.',
      retryAutomatically: true,
    };
  }
  if (status === 400 || status === 422 || code === FRAGMENTS_FAILED) {
    return {
      title: 'File Processing Required',
      message: 'The file may not have finished processing or has no viewable elements.',
      retryAutomatically: false,
    };
  }
  if (status === 404) {
    return {
      title: 'File Not Found',
      message: 'The file may have been deleted or is not accessible.',
      retryAutomatically: false,
    };
  }
  if (status === 401) {
    // Spec 3 §8 'Token errors': the session ended while the page stayed open.
    return {
      title: 'Viewer Error',
      message: 'Your session has expired. Please refresh the page and log in again.',
      retryAutomatically: false,
    };
  }
  if (status === 403) {
    return {
      title: 'Access Denied',
      message: "You don't have permission to view this BIM file.",
      retryAutomatically: false,
    };
  }
  const detail = error instanceof Error && error.message ? error.message : String(error);
  return {
    title: 'Model Load Error',
    message: `Failed to load BIM model. This may happen if the file is still processing or doesn't contain viewable 3D elements. Error: ${detail}`,
    retryAutomatically: false,
  };
}

/** The id of a version's load-problem toast: the same problem on the same version is one toast. */
export function viewerLoadToastId(versionId: string, title: string): string {
  return `viewer-load:${versionId}:${title}`;
}
