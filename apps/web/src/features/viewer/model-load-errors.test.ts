import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api';
import { t } from '@/lib/i18n';
import {
  isSelectionIssue,
  modelLoadProblem,
  type ViewerProblem,
  validateViewerInput,
} from './model-load-errors';
import { viewerProblemText } from './viewer-error-card';

const id = '0b3f2a52-8f5c-4b8e-9a57-3b0d7c1e2f44';
const apiError = (status: number, code = 'x', message = 'server says') =>
  new ApiRequestError({ status, code, message });
/** A problem as the toast words it: its title and its sentence, in English. */
const words = (problem: ViewerProblem) => ({
  title: t('viewer.problem.title', { issue: problem.issue }),
  message: viewerProblemText(t, problem.issue, problem.detail),
  retryAutomatically: problem.retryAutomatically,
});

describe('viewer input validation (spec 3 §5)', () => {
  it('asks for the container first, then the file, then the project', () => {
    expect(
      validateViewerInput({ containerReady: false, projectId: null, fileId: null, versionId: null }),
    ).toBe('containerNotReady');
    expect(validateViewerInput({ containerReady: true, projectId: null, fileId: '  ', versionId: id })).toBe(
      'selectFile',
    );
    expect(
      validateViewerInput({ containerReady: true, projectId: id, fileId: 'not-an-id', versionId: id }),
    ).toBe('selectFile');
    expect(validateViewerInput({ containerReady: true, projectId: '', fileId: id, versionId: id })).toBe(
      'selectProject',
    );
    expect(
      validateViewerInput({ containerReady: true, projectId: id, fileId: id, versionId: id }),
    ).toBeNull();
    expect(viewerProblemText(t, 'selectFile', undefined)).toBe(
      'Please select a BIM file to view the 3D model.',
    );
    expect(viewerProblemText(t, 'containerNotReady', undefined)).toBe(
      'Viewer container not ready. Please try again.',
    );
  });

  it("titles the card 'Selection Required' only for the select-something messages", () => {
    expect(isSelectionIssue('selectFile')).toBe(true);
    expect(isSelectionIssue('selectProject')).toBe(true);
    expect(isSelectionIssue('selectVersion')).toBe(true);
    expect(isSelectionIssue('containerNotReady')).toBe(false);
    expect(t('viewer.card.title', { kind: 'selection' })).toBe('Selection Required');
    expect(t('viewer.card.title', { kind: 'unavailable' })).toBe('3D Viewer Unavailable');
    expect(t('viewer.card.hint', { kind: 'selection' })).toBe(
      'Use the project and file selectors above to choose what to view.',
    );
    expect(t('viewer.card.hint', { kind: 'unavailable' })).toBe(
      'You can still view and analyze the metadata and elements data using the tables below.',
    );
  });
});

describe('model load errors (spec 3 §8)', () => {
  it('maps our statuses to the table of titles and texts', () => {
    expect(words(modelLoadProblem(apiError(409, 'fragments_not_ready')))).toEqual({
      title: 'Model Not Ready',
      message:
        'The file is still being processed or has no viewable 3D geometry; try again in a few minutes.',
      retryAutomatically: true,
    });
    for (const code of ['version_not_processed', 'no_processed_version'] as const) {
      expect(words(modelLoadProblem(apiError(409, code)))).toMatchObject({
        title: 'Model Not Ready',
        retryAutomatically: true,
      });
    }
    for (const status of [400, 422]) {
      expect(words(modelLoadProblem(apiError(status)))).toMatchObject({
        title: 'File Processing Required',
        message: 'The file may not have finished processing or has no viewable elements.',
        retryAutomatically: false,
      });
    }
    expect(words(modelLoadProblem(apiError(404)))).toMatchObject({
      title: 'File Not Found',
      message: 'The file may have been deleted or is not accessible.',
    });
    expect(words(modelLoadProblem(apiError(401)))).toMatchObject({
      title: 'Viewer Error',
      message: 'Your session has expired. Please refresh the page and log in again.',
    });
    expect(words(modelLoadProblem(apiError(403)))).toMatchObject({
      title: 'Access Denied',
      message: "You don't have permission to view this BIM file.",
    });
  });

  it('words anything else as a model load error with its detail', () => {
    expect(words(modelLoadProblem(new Error('WebGL context lost')))).toEqual({
      title: 'Model Load Error',
      message:
        "Failed to load BIM model. This may happen if the file is still processing or doesn't contain viewable 3D elements. Error: WebGL context lost",
      retryAutomatically: false,
    });
  });
});
