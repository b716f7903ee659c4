import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { ifcHeaderGuard } from './ifc-header-guard';

const through = (chunks: string[]) =>
  buffer(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(ifcHeaderGuard()));

describe('ifcHeaderGuard', () => {
  it('passes a STEP file through unchanged, even when the header is split across chunks', async () => {
    const chunks = ['\ufeff  ISO-10', '303-21;\nHEADER;', '\nENDSEC;'];
    expect((await through(chunks)).toString()).toBe(chunks.join(''));
  });

  it('refuses other content, an empty file and a file cut inside the header', async () => {
    for (const chunks of [['PK\u0003\u0004 zip bytes'], [], ['ISO-10303'], ['<?xml version="1.0"?>']]) {
      await expect(through(chunks)).rejects.toThrow('The file is not an IFC (STEP) file');
    }
  });
});
