/**
 * The reads that look at an attribute's bytes without decoding it (attributeLead, attributeEnum,
 * attributeRefsDeep, attributeTypeName, attributeStringIndex, globalIdKey) against the full decoder's
 * answer for the same attribute, in any order of reading (a read goes on from the one before it).
 */
import { describe, expect, it } from 'vitest';
import type { StepValue } from '../model';
import { modelOf } from '../testing/step-fixture';

const model = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,'Wall \\X2\\00C4\\X0\\',$,'',$,$,$,.NOTDEFINED.);
#2=IFCWALLSTANDARDCASE('0eA6m4fELI9QBIhP3wiLAp',$,$,$,$,$,$,$, .USERDEFINED. );
#3=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#4=IFCRELAGGREGATES('05rScmOVzMoQXOfbYdtLYj',$,$,$,#1,(#2));
#5=IFCPROPERTYSET('1hqIFTRjfV6AWq_bMtnZwI',$,'Pset_WallCommon',$,(#7));
#6=IFCRELDEFINESBYPROPERTIES('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,(#1,#2),IFCPROPERTYSETDEFINITIONSET((#5,#9)));
#7=IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.T.),$);
#8=IFCDOOR('0eA6m4fELI9QBIhP3wiLA\\X\\E4',$,$,$,$,$,$,$,$,$,$,.SWINGING.,$);
#9=IFCPROPERTYSET('3hqIFTRjfV6AWq_bMtnZwI',$,'Pset_WallCommon',$,(#7));
#10=IFCPROPERTYSINGLEVALUE('Reference',$, ifcIdentifier ( 'x' ),$);
#11=IFCSHAPEREPRESENTATION($,'Bo''dy','Body',());
#12=IFCSHAPEREPRESENTATION($,'Body' , '',(#13));
#13=IFCMAPPEDITEM($,$);`);

/** References in a decoded value, at any depth (the decoder's answer). */
function refsIn(v: StepValue | undefined, out: number[] = []): number[] {
  if (v?.kind === 'ref') out.push(v.id);
  else if (v?.kind === 'list') for (const item of v.items) refsIn(item, out);
  else if (v?.kind === 'typed') refsIn(v.value, out);
  return out;
}

const LEAD: Record<StepValue['kind'], (c: number) => boolean> = {
  null: (c) => c === 36,
  derived: (c) => c === 42,
  enum: (c) => c === 46,
  string: (c) => c === 39,
  binary: (c) => c === 34,
  ref: (c) => c === 35,
  list: (c) => c === 40,
  typed: (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  integer: (c) => (c >= 48 && c <= 57) || c === 45 || c === 43,
  real: (c) => (c >= 48 && c <= 57) || c === 45 || c === 43,
} as Record<StepValue['kind'], (c: number) => boolean>;

describe('attributes read from their bytes', () => {
  const every = [...model.instanceIds()].flatMap((id) =>
    [...model.attributes(id).keys()].map((name) => [id, name] as const),
  );

  it('agree with the decoder on every attribute of the fixture', () => {
    expect(every.length).toBeGreaterThan(40);
    for (const [id, name] of every) {
      const decoded = model.attribute(id, name)!;
      const lead = model.attributeLead(id, name);
      expect(LEAD[decoded.kind]?.(lead), `${id}.${name} lead ${lead} for ${decoded.kind}`).toBe(true);
      expect(model.attributeEnum(id, name)).toBe(decoded.kind === 'enum' ? decoded.value : null);
      expect(model.attributeRefsDeep(id, name)).toEqual(refsIn(decoded));
      expect(model.attributeRef(id, name)).toBe(decoded.kind === 'ref' ? decoded.id : null);
      expect(model.attributeEnumOrLead(id, name)).toBe(decoded.kind === 'enum' ? decoded.value : lead);
      expect(model.attributeTypeName(id, name)).toBe(decoded.kind === 'typed' ? decoded.type : null);
    }
  });

  /** The string `attributeString` gives, from the decoded value: a string, or one inside a typed value. */
  const stringOf = (v: StepValue): string | null =>
    v.kind === 'string' ? v.value : v.kind === 'typed' && v.value.kind === 'string' ? v.value.value : null;
  const candidates = ['Body', "Bo'dy", 'Pset_WallCommon', 'x', 'Wall \u00c4', 'IsExternal'];

  it('judge a string against candidates as the decoded string compares', () => {
    let strings = 0;
    for (const [id, name] of every) {
      const s = stringOf(model.attribute(id, name)!);
      if (s !== null) strings++;
      const expected = s === null ? -2 : s === '' ? -3 : candidates.indexOf(s);
      expect(model.attributeStringIndex(id, name, candidates), `${id}.${name}`).toBe(expected);
    }
    expect(strings).toBeGreaterThan(10);
    expect(model.attributeStringIndex(11, 'RepresentationIdentifier', candidates)).toBe(1); // '' inside
    expect(model.attributeStringIndex(1, 'Name', candidates)).toBe(4); // \X2\ escape
    expect(model.attributeStringIndex(12, 'RepresentationType', candidates)).toBe(-3);
    expect(model.attributeStringIndex(12, 'RepresentationIdentifier', ['Bod', 'Bodyx'])).toBe(-1);
    expect(model.attributeStringIndex(99, 'Name', candidates)).toBe(-2);
  });

  it('agree with the decoder when attributes are read back to front, or one instance between two', () => {
    const backwards = [...every].reverse();
    for (const [id, name] of backwards) {
      const decoded = model.attribute(id, name)!;
      expect(model.attributeEnumOrLead(id, name)).toBe(
        decoded.kind === 'enum' ? decoded.value : model.attributeLead(id, name),
      );
      expect(model.attributeRef(id, name)).toBe(decoded.kind === 'ref' ? decoded.id : null);
    }
    // Interleaved: each attribute after one of another instance, and after a later one of its own.
    for (let i = 0; i + 1 < every.length; i++) {
      const [id, name] = every[i]!;
      const [otherId, otherName] = every[every.length - 1 - i]!;
      model.attributeLead(otherId, otherName);
      const decoded = model.attribute(id, name)!;
      expect(model.attributeRef(id, name), `${id}.${name}`).toBe(decoded.kind === 'ref' ? decoded.id : null);
      expect(model.attributeEnum(id, name)).toBe(decoded.kind === 'enum' ? decoded.value : null);
    }
  });

  it('answer -1, null or nothing for an attribute the class lacks or an unknown id', () => {
    expect(model.attributeLead(1, 'NoSuchAttribute')).toBe(-1);
    expect(model.attributeLead(99, 'Name')).toBe(-1);
    expect(model.attributeEnum(1, 'NoSuchAttribute')).toBeNull();
    expect(model.attributeRefsDeep(1, 'NoSuchAttribute')).toEqual([]);
    expect(model.attributeRef(1, 'NoSuchAttribute')).toBeNull();
    expect(model.attributeRef(99, 'Name')).toBeNull();
    expect(model.attributeEnumOrLead(1, 'NoSuchAttribute')).toBe(-1);
    expect(model.attributeEnumOrLead(99, 'PredefinedType')).toBe(-1);
    expect(model.attributeTypeName(7, 'NoSuchAttribute')).toBeNull();
    expect(model.attributeTypeName(99, 'NominalValue')).toBeNull();
  });

  it('read an enumeration with white space around it, and references inside a typed list', () => {
    expect(model.attributeEnum(2, 'PredefinedType')).toBe('USERDEFINED');
    expect(model.attributeRefsDeep(6, 'RelatingPropertyDefinition')).toEqual([5, 9]);
    expect(model.attributeTypeName(10, 'NominalValue')).toBe('IFCIDENTIFIER');
  });
});

describe('references written into a reused array', () => {
  // Lists the fast path gives up on part way (a nested list, a typed value, a string after
  // references), so that the decoder's answer is written over the references already written.
  const lists = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#2=IFCWALL('2hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#3=IFCWALL('3hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#4=IFCRELASSIGNSTOGROUP('4hqIFTRjfV6AWq_bMtnZwI',$,$,$,(#1,(#2),#3),$,#9);
#5=IFCRELASSIGNSTOGROUP('5hqIFTRjfV6AWq_bMtnZwI',$,$,$,(#1,#2,IFCLABEL('x'),#3),$,#9);
#6=IFCRELASSIGNSTOGROUP('6hqIFTRjfV6AWq_bMtnZwI',$,$,$,( #1 , #2 ),$,#9);
#7=IFCRELASSIGNSTOGROUP('7hqIFTRjfV6AWq_bMtnZwI',$,$,$,(),$,#9);
#8=IFCRELASSIGNSTOGROUP('8hqIFTRjfV6AWq_bMtnZwI',$,$,$,(#1,#2,#3,'x'),$,$);
#9=IFCGROUP('9hqIFTRjfV6AWq_bMtnZwI',$,$,$,$);`);

  /** The references among a decoded value's top-level items (the decoder's answer). */
  const topRefs = (v: StepValue | undefined): number[] =>
    v?.kind === 'ref'
      ? [v.id]
      : v?.kind === 'list'
        ? v.items.flatMap((item) => (item.kind === 'ref' ? [item.id] : []))
        : [];

  it('hold what the decoder lists, from the given position on, the positions before it untouched', () => {
    const out = [-1, -2, -3, -4, -5, -6, -7, -8, -9];
    let compared = 0;
    for (const fixture of [model, lists]) {
      for (const id of fixture.instanceIds()) {
        for (const name of fixture.attributes(id).keys()) {
          const expected = topRefs(fixture.attribute(id, name));
          const n = fixture.attributeRefsInto(id, name, out, 2);
          expect(n - 2, `${id}.${name}`).toBe(expected.length);
          expect(out.slice(2, n), `${id}.${name}`).toEqual(expected);
          expect(out.slice(0, 2)).toEqual([-1, -2]);
          expect(fixture.attributeRefs(id, name)).toEqual(expected);
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(15);
  });
});

describe('GlobalId keys', () => {
  it('are equal for equal GlobalIds, also when one is written with an escape', () => {
    const gid = (id: number) => model.globalId(id);
    expect(gid(1)).toBe(gid(5));
    expect(model.globalIdKey(1)).toBe(model.globalIdKey(5));
    expect(gid(8)).toBe('0eA6m4fELI9QBIhP3wiLAä');
    for (const a of [1, 2, 4, 5, 6, 8, 9]) {
      for (const b of [1, 2, 4, 5, 6, 8, 9]) {
        if (gid(a) === gid(b)) expect(model.globalIdKey(a)).toBe(model.globalIdKey(b));
        else expect(model.globalIdKey(a)).not.toBe(model.globalIdKey(b));
      }
    }
  });

  it('are -1 for an instance without a GlobalId', () => {
    expect(model.globalIdKey(3)).toBe(-1);
    expect(model.globalIdKey(7)).toBe(-1);
    expect(model.globalIdKey(99)).toBe(-1);
  });
});

describe('the GlobalId survey', () => {
  // Well formed, too short, starting with 4, a character outside the alphabet, an escape, empty,
  // unset, one repeating #1's, and an instance without a GlobalId.
  const survey = modelOf(`
#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#2=IFCWALL('1hqIFTRjfV6AWq_bMtnZ',$,$,$,$,$,$,$,$);
#3=IFCWALL('4hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);
#4=IFCWALL('1hqIFTRjfV6AWq_bMtnZw-',$,$,$,$,$,$,$,$);
#5=IFCWALL('0eA6m4fELI9QBIhP3wiLA\\X\\E4',$,$,$,$,$,$,$,$);
#6=IFCWALL('',$,$,$,$,$,$,$,$);
#7=IFCWALL($,$,$,$,$,$,$,$,$);
#8=IFCDOOR('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$,$,$,$,$);
#9=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);`);

  it('gives each instance the key and the well-formedness its single reads give', () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 99];
    const { keys, wellFormed } = survey.globalIdSurvey(ids);
    const code = (v: boolean | null) => (v === true ? 1 : v === false ? 0 : 2);
    expect([...wellFormed]).toEqual(ids.map((id) => code(survey.globalIdWellFormed(id))));
    expect([...keys]).toEqual(ids.map((id) => survey.globalIdKey(id)));
    // Written out: 1 and 8 well formed; 3 and 4 not; the rest (short, escaped, empty, unset) undecided.
    expect([...wellFormed]).toEqual([1, 2, 0, 0, 2, 2, 2, 1, 2, 2]);
    expect(keys[0]).toBe(keys[7]);
    expect(new Set([keys[0], keys[1], keys[2], keys[3], keys[4]]).size).toBe(5);
    expect([keys[5], keys[6], keys[8], keys[9]]).toEqual([-1, -1, -1, -1]);
  });

  it('answers each position whatever the order of the ids (read in file order)', () => {
    const code = (v: boolean | null) => (v === true ? 1 : v === false ? 0 : 2);
    for (const ids of [
      [8, 99, 3, 1, 9, 5],
      [3, 1, 3, 8],
    ]) {
      const { keys, wellFormed } = survey.globalIdSurvey(ids);
      expect([...keys]).toEqual(ids.map((id) => survey.globalIdKey(id)));
      expect([...wellFormed]).toEqual(ids.map((id) => code(survey.globalIdWellFormed(id))));
    }
  });

  it('lists positions in file order, unknown ids last, an id listed twice in its turn', () => {
    expect([...survey.fileOrder([8, 99, 3, 1])]).toEqual([3, 2, 0, 1]);
    expect([...survey.fileOrder([8, 3, 8, 1])]).toEqual([3, 1, 0, 2]);
    expect([...survey.fileOrder([])]).toEqual([]);
  });

  it("gives a class's file order from the class column as fileOrder gives it for the class's ids", () => {
    // Classes interleaved in the file, and classes with no instance or unknown to the schema.
    const classes = [
      'IfcRoot',
      'IfcObject',
      'IfcElement',
      'IfcWall',
      'IfcPropertySet',
      'IfcBeam',
      'IfcNoSuch',
    ];
    for (const cls of [...classes, 'IFCPROPERTY']) {
      for (const m of [model, survey]) {
        const ids = m.idsOfClassOrSubtypes(cls);
        expect([...m.fileOrderOfClassOrSubtypes(cls)], cls).toEqual([...m.fileOrder(ids)]);
      }
    }
    // Written out: the schema's class order lists the door (#8) first, then the walls (#1, #2), the
    // sets (#5, #9) and the relationships (#4, #6); in the file they come #1, #2, #4, #5, #6, #8, #9.
    expect(model.idsOfClassOrSubtypes('IfcRoot')).toEqual([8, 1, 2, 5, 9, 4, 6]);
    expect([...model.fileOrderOfClassOrSubtypes('IfcRoot')]).toEqual([1, 2, 5, 3, 6, 0, 4]);
  });
});

describe('relation rows', () => {
  it('give the targets and the sources of a relation kind', () => {
    expect([...model.relationTargets('aggregates', 2)]).toEqual([1]);
    expect([...model.relationTargets('definesByProperties', 1)]).toEqual([5, 9]);
    expect(model.relationSources('definesByProperties')).toEqual([1, 2]);
    expect(model.relationSources('nests')).toEqual([]);
  });

  it('give the same targets by ordinal, counted and read from the column, for every instance and kind', () => {
    const kinds = ['aggregates', 'definesByProperties', 'nests', 'containedInSpatialStructure'] as const;
    let seen = 0;
    for (const kind of kinds) {
      const column = model.relationTargetColumn(kind);
      for (const id of [...model.instanceIds(), 99]) {
        const k = model.ordinalOf(id);
        const count = model.relationTargetCount(kind, k);
        const first = model.relationFirstTarget(kind, k);
        expect([...column.subarray(first, first + count)]).toEqual([...model.relationTargets(kind, id)]);
        seen += count;
      }
    }
    expect(seen).toBe(5); // #2 → #1 (aggregated); #1 → #5, #9 and #2 → #5, #9 (their property sets)
  });
});
