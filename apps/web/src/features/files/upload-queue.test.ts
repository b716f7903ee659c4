import { describe, expect, it } from 'vitest';
import { hasAcceptedExtension, type QueuedUpload, queuedUploadLabel, withUpload } from './upload-queue';

describe('a multi-file upload queue', () => {
  it('takes only the extensions the input accepts, in any case', () => {
    expect(hasAcceptedExtension('Duplex.IFC', '.ifc')).toBe(true);
    expect(hasAcceptedExtension('rules.xml', '.ids,.xml')).toBe(true);
    expect(hasAcceptedExtension('rules.ids', '.ids,.xml')).toBe(true);
    expect(hasAcceptedExtension('notes.txt', '.ifc')).toBe(false);
    expect(hasAcceptedExtension('model.ifczip', '.ifc')).toBe(false);
  });

  it('changes one file by its place, so two files of one name keep their own bars', () => {
    const queue: QueuedUpload[] = [
      { name: 'A.ifc', percent: 0, status: 'waiting' },
      { name: 'A.ifc', percent: 0, status: 'waiting' },
    ];
    const next = withUpload(queue, 1, { status: 'uploading', percent: 40 });
    expect(next.map(queuedUploadLabel)).toEqual(['Waiting', 'Uploading 40%']);
    expect(queue[1]?.status).toBe('waiting');
  });
});
