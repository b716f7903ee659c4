import { describe, expect, it } from 'vitest';
import { uuidV5 } from './uuid';

describe('uuidV5', () => {
  it('matches the RFC test vector (DNS namespace, www.example.com)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('is stable for a name and differs between names', () => {
    expect(uuidV5('ARC-01\u00003cUkl32yn9qRSPvBJVyWYp')).toBe(uuidV5('ARC-01\u00003cUkl32yn9qRSPvBJVyWYp'));
    expect(uuidV5('a')).not.toBe(uuidV5('b'));
    expect(uuidV5('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
