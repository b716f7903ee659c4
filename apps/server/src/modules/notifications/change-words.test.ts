import { describe, expect, it } from 'vitest';
import { renderChangeMessage } from './change-words';

const params = {
  project: 'Harbour Tower',
  file: 'ARC',
  version: 'v7',
  previous: 'v6',
  new: 12,
  resolved: 40,
  removed: 2,
  persisting: 1,
  link: 'https://plumbline.example.com/projects/p/files/f/changes?from=a&to=b',
};

describe('version-comparison messages', () => {
  it('renders the summary the issue quotes', () => {
    expect(renderChangeMessage('changes.summary', params)).toBe(
      'Harbour Tower ARC v7: 12 new failures, 40 resolved',
    );
    expect(renderChangeMessage('changes.summary', { ...params, new: 1, resolved: 1_250 })).toBe(
      'Harbour Tower ARC v7: 1 new failure, 1,250 resolved',
    );
  });

  it('puts the counts and the link to the Changes view in the mail', () => {
    const body = renderChangeMessage('changes.mail.body', params);
    expect(body).toContain('compared with v6');
    expect(body).toContain('- 12 new failures');
    expect(body).toContain('- 1 failure persists');
    expect(body).toContain(`See what changed: ${params.link}`);
  });

  it("says it in the reader's language", () => {
    expect(renderChangeMessage('changes.summary', { ...params, new: 1 }, 'de')).toBe(
      'Harbour Tower ARC v7: 1 neuer Fehler, 40 behoben',
    );
    expect(renderChangeMessage('changes.mail.body', params, 'fr')).toContain('- 12 nouveaux échecs');
  });
});
