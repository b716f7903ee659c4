import { describe, expect, it } from 'vitest';
import { recogniseIntent } from './intent';
import { asksByLevel, propertyFilterIn, qualified, storeyNoun, typeNamed } from './scope';

const row = (typeName: string | null) =>
  ({ stepId: 1, globalId: null, ifcClass: 'IFCDOOR', name: null, level: null, typeName }) as never;

describe('what narrows a question (issue 35)', () => {
  it('reads property qualifiers: everyday words and a named property value', () => {
    expect(propertyFilterIn('How many external walls are there?')).toMatchObject({
      name: 'IsExternal',
      value: 'true',
    });
    expect(propertyFilterIn('How many internal doors are there?')).toMatchObject({
      name: 'IsExternal',
      value: 'false',
    });
    expect(propertyFilterIn('Hoeveel buitenmuren zijn er?')).toMatchObject({
      name: 'IsExternal',
      value: 'true',
    });
    expect(propertyFilterIn('How many non-load-bearing walls?')).toMatchObject({
      name: 'LoadBearing',
      value: 'false',
    });
    expect(propertyFilterIn('How many walls have Pset_WallCommon.IsExternal set to true?')).toMatchObject({
      name: 'IsExternal',
      value: 'true',
      propertySet: 'Pset_WallCommon',
      word: null,
    });
    expect(propertyFilterIn('How many walls are there?')).toBeNull();
  });

  it('reads a storey used as a noun only when the model has such a storey', () => {
    expect(storeyNoun('How many windows are on the roof?', ['Level 1', 'Roof'])).toEqual({
      storey: 'Roof',
      classes: ['IFCROOF'],
    });
    expect(storeyNoun('Hoeveel ramen zitten er op het dak?', ['Level 1', 'Roof'])?.storey).toBe('Roof');
    expect(storeyNoun('How many windows are on the roof?', ['Level 00', 'Level 01'])).toBeNull();
    expect(storeyNoun('How many roofs are there?', ['Roof'])).toBeNull();
  });

  it('reads a follow-up line asking for a breakdown per storey', () => {
    expect(asksByLevel('Which doors fail? Please list them by level.')).toBe(true);
    expect(asksByLevel('Welke deuren falen? Graag per verdieping.')).toBe(true);
    expect(asksByLevel('Welche Türen? Bitte nach Geschoss auflisten.')).toBe(true);
    expect(asksByLevel('Which doors fail?')).toBe(false);
  });

  it('finds a type named in the question, with or without its family prefix', () => {
    const rows = [row('Door:D02 Fire door FD30 926x2040'), row('Door:D01 Single flush 926x2040'), row(null)];
    expect(typeNamed('How many doors are of type "D02 Fire door FD30 926x2040"?', rows)).toBe(
      'Door:D02 Fire door FD30 926x2040',
    );
    expect(typeNamed('How many doors are there?', rows)).toBeNull();
  });

  it('says which qualifier it applied', () => {
    const external = propertyFilterIn('external walls');
    expect(qualified('en', 23, 'walls', external)).toEqual({
      head: '23 external walls',
      tail: ' (IsExternal = true)',
    });
    expect(qualified('nl', 23, 'wanden', external).head).toBe('23 wanden met IsExternal = true');
  });

  it('routes follow-ups, changes, the example question and applicability to nothing', () => {
    expect(recogniseIntent('Which doors fail?\nPlease list them by level.')).toMatchObject({
      kind: 'failing',
    });
    expect(recogniseIntent('Which doors on level 2 fail?')).toMatchObject({ kind: 'failing' });
    expect(recogniseIntent('Which storey has the most failures?')).toEqual({ kind: 'by_storey' });
    expect(
      recogniseIntent('What changed compared with the previous version?\nWhich failures are new?'),
    ).toEqual({
      kind: 'changes',
    });
    expect(recogniseIntent('Are there any design optimisation opportunities?')).toEqual({ kind: 'insights' });
    expect(recogniseIntent('Which specifications apply to nothing?')).toEqual({ kind: 'nothing' });
    expect(recogniseIntent('Welche Spezifikationen gelten für kein Element?')).toEqual({ kind: 'nothing' });
    expect(recogniseIntent('Which specifications apply to doors?')).toMatchObject({ kind: 'applicability' });
  });
});
