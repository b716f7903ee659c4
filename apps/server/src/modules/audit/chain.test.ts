import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, entryHash, GENESIS_HASH } from './chain';

const entry = {
  id: '3f0c2b1e-6f1a-4d7e-9a55-0e9f3d0b8c11',
  seq: 1,
  at: new Date('2026-12-06T10:00:00.000Z'),
  actorId: null,
  projectId: null,
  action: 'member.added',
  targetType: 'member',
  targetId: 'u1',
  details: { role: 'Editor', before: null },
  prevHash: GENESIS_HASH,
};

describe('audit chain hashing', () => {
  it('writes keys sorted at every depth, without whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 0, y: 'é' }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":"é","z":0}]},"b":1}',
    );
    expect(canonicalJson({ skipped: undefined, at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('gives the same hash whatever order the details were read back in', () => {
    const reordered = { ...entry, details: { before: null, role: 'Editor' } };
    expect(entryHash(reordered)).toBe(entryHash(entry));
  });

  it('is the SHA-256 of the canonical text, written out by hand here', () => {
    const text =
      '{"action":"member.added","actorId":null,"at":"2026-12-06T10:00:00.000Z","details":{"before":null,"role":"Editor"},' +
      `"id":"3f0c2b1e-6f1a-4d7e-9a55-0e9f3d0b8c11","prevHash":"${GENESIS_HASH}","projectId":null,"seq":1,` +
      '"targetId":"u1","targetType":"member"}';
    expect(entryHash(entry)).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('changes with any field, the previous hash included', () => {
    const base = entryHash(entry);
    expect(entryHash({ ...entry, details: { role: 'Admin', before: null } })).not.toBe(base);
    expect(entryHash({ ...entry, seq: 2 })).not.toBe(base);
    expect(entryHash({ ...entry, prevHash: 'f'.repeat(64) })).not.toBe(base);
    expect(entryHash({ ...entry, at: new Date('2026-12-06T10:00:00.001Z') })).not.toBe(base);
  });
});

describe('audit chain hashing of rows read back', () => {
  it('ignores columns outside the chained fields (job id, the stored hash)', () => {
    const row = { ...entry, jobId: 'job-1', hash: 'x' } as typeof entry;
    expect(entryHash(row)).toBe(entryHash(entry));
  });
});
