import { describe, expect, it } from 'vitest';
import { stepText } from '../testing/step-fixture';
import { readHeader, schemaIdFor } from './header';

const enc = (s: string) => new TextEncoder().encode(s);

describe('readHeader', () => {
  it('reads FILE_SCHEMA and the header entities', () => {
    const header = readHeader(enc(stepText('IFC2X3', '#1=IFCX();')));
    expect(header.schema).toBe('IFC2X3');
    expect(header.fileSchema).toEqual(['IFC2X3']);
    expect(header.entities.get('FILE_NAME')?.[0]).toEqual({ kind: 'string', value: 'test.ifc' });
  });

  it('accepts a byte-order mark and leading comments', () => {
    const bytes = enc(`\ufeff/* exported */\n${stepText('IFC4', '#1=IFCX();')}`);
    expect(readHeader(bytes).schema).toBe('IFC4');
  });

  it('maps schema names to the tables they are read with', () => {
    expect(schemaIdFor('IFC4')).toBe('IFC4');
    expect(schemaIdFor('IFC4X3_ADD2')).toBe('IFC4X3_ADD2');
    expect(schemaIdFor('IFC4X3_RC4')).toBe('IFC4X3_ADD2');
    expect(schemaIdFor('ifc2x3')).toBe('IFC2X3');
    expect(schemaIdFor('IFC2X2_FINAL')).toBeNull();
    expect(schemaIdFor('CONFIG_CONTROL_DESIGN')).toBeNull();
  });

  it('rejects unsupported schemas naming the line', () => {
    expect(() => readHeader(enc(stepText('IFC2X2_FINAL', '#1=IFCX();')))).toThrow(
      /line 5: schema IFC2X2_FINAL is not supported/,
    );
  });

  it('classifies non-STEP, empty and headerless input', () => {
    expect(() => readHeader(enc(''))).toThrow(expect.objectContaining({ code: 'empty' }));
    expect(() => readHeader(enc('  \n '))).toThrow(expect.objectContaining({ code: 'empty' }));
    expect(() => readHeader(enc('<?xml version="1.0"?>'))).toThrow(
      expect.objectContaining({ code: 'not_step' }),
    );
    expect(() => readHeader(enc('ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('))).toThrow(
      expect.objectContaining({ code: 'malformed' }),
    );
    expect(() => readHeader(enc('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n'))).toThrow(/no FILE_SCHEMA/);
  });
});
