import { describe, expect, it } from 'vitest';
import { parseIds } from '../parse-ids';
import { entity, ids, pattern, spec, sv } from '../testing/ids-xml';

const problems = (
  applicability: string,
  requirements?: string,
  more: { ifcVersion?: string; occurs?: string } = {},
) =>
  parseIds(
    ids(spec({ applicability, ...(requirements === undefined ? {} : { requirements }), ...more })),
  ).problems.map((p) => p.message);
const attribute = (name: string, value?: string, cardinality?: string) =>
  `<attribute${cardinality ? ` cardinality="${cardinality}"` : ''}><name>${sv(name)}</name>${value ? `<value>${value}</value>` : ''}</attribute>`;
const property = (dataType: string, value: string) =>
  `<property dataType="${dataType}"><propertySet>${sv('Foo_Bar')}</propertySet><baseName>${sv('Foo')}</baseName><value>${value}</value></property>`;

describe('semantic audit', () => {
  it('accepts a sound specification', () => {
    expect(problems(entity('IFCWALL'), attribute('Name', sv('W01')))).toEqual([]);
  });

  it('refuses requirements in a prohibited specification', () => {
    expect(
      problems(entity('IFCWALL'), attribute('Name'), { occurs: 'minOccurs="0" maxOccurs="0"' })[0],
    ).toMatch(/prohibited/);
  });

  it('refuses unknown and lowercase entity names, per listed schema', () => {
    expect(problems(entity('IFCRABBIT'))[0]).toMatch(/not an entity of IFC4/);
    expect(problems(entity('IfcWall'))[0]).toMatch(/upper case/);
    expect(problems(entity('IFCALIGNMENT'), undefined, { ifcVersion: 'IFC4X3_ADD2' })).toEqual([]);
    expect(problems(entity('IFCALIGNMENT'), undefined, { ifcVersion: 'IFC2X3 IFC4X3_ADD2' })[0]).toMatch(
      /IFC2X3/,
    );
    expect(problems(`<entity><name>${pattern('IFCNOTHING.*')}</name></entity>`)[0]).toMatch(
      /matches no IFC entity/,
    );
  });

  it('refuses a predefinedType where the class has none', () => {
    expect(problems(entity('IFCWALL', 'SHEAR'))).toEqual([]);
    expect(problems(entity('IFCWALL', 'SHEAR'), undefined, { ifcVersion: 'IFC2X3 IFC4' })[0]).toMatch(
      /no PredefinedType in IFC2X3/,
    );
  });

  it('refuses required attributes the class does not have (derived, inverse, misspelt)', () => {
    expect(problems(entity('IFCCARTESIANPOINT'), attribute('Dim'))[0]).toMatch(/no attribute "Dim"/);
    expect(problems(entity('IFCWALL'), attribute('ActingRole'))[0]).toMatch(/no attribute "ActingRole"/);
    // optional or prohibited facets on missing attributes can be satisfied, so they stay valid
    expect(problems(entity('IFCWALL'), attribute('Rabbit', undefined, 'optional'))).toEqual([]);
  });

  it('refuses values on object and select attributes and literals that do not fit the type', () => {
    expect(problems(entity('IFCTASK'), attribute('TaskTime', sv('Foobar')))[0]).toMatch(/object reference/);
    expect(problems(entity('IFCSURFACESTYLERENDERING'), attribute('DiffuseColour', sv('Foobar')))[0]).toMatch(
      /select/,
    );
    expect(problems(entity('IFCSTAIRFLIGHT'), attribute('NumberOfRisers', sv('42.0')))[0]).toMatch(
      /not an integer/,
    );
    expect(problems(entity('IFCSTAIRFLIGHT'), attribute('NumberOfRisers', sv('42')))).toEqual([]);
    expect(
      problems(entity('IFCSURFACESTYLEREFRACTION'), attribute('RefractionIndex', sv('42,3')))[0],
    ).toMatch(/not a number/);
    expect(
      problems(entity('IFCSURFACESTYLEREFRACTION'), attribute('RefractionIndex', pattern('.*')))[0],
    ).toMatch(/pattern only applies to text/);
  });

  it('checks property data types and literals', () => {
    expect(problems(entity('IFCWALL'), property('IFCBOOLEAN', sv('FALSE')))[0]).toMatch(/not a boolean/);
    expect(problems(entity('IFCWALL'), property('IFCBOOLEAN', sv('false')))).toEqual([]);
    expect(problems(entity('IFCWALL'), property('IFCINTEGER', sv('42.')))[0]).toMatch(/not an integer/);
    expect(problems(entity('IFCWALL'), property('IFCREAL', sv('1.2345E3')))).toEqual([]);
    expect(problems(entity('IFCWALL'), property('IFCRABBITMEASURE', sv('1')))[0]).toMatch(
      /not a defined type/,
    );
    expect(
      problems(entity('IFCWALL'), property('IFCDATE', sv('2022-01-01')), { ifcVersion: 'IFC2X3' })[0],
    ).toMatch(/IFC2X3/);
  });

  it('refuses malformed restrictions', () => {
    expect(problems(`<entity><name>${pattern('IFC[')}</name></entity>`)[0]).toMatch(
      /not a valid XSD regular expression/,
    );
  });
});

describe('entity requirements against the applicability', () => {
  it('refuses a required entity that no applicable class can be', () => {
    expect(problems(entity('IFCSLAB'), entity('IFCWALL'))[0]).toMatch(/can never match/);
    expect(problems(entity('IFCWALLSTANDARDCASE'), entity('IFCWALL'))[0]).toMatch(/subtypes do not match/);
    expect(problems(entity('IFCWALL'), `<entity><name>${pattern('IFC.*TYPE')}</name></entity>`)[0]).toMatch(
      /can never match/,
    );
    expect(problems(entity('IFCWALLTYPE'), `<entity><name>${pattern('IFC.*TYPE')}</name></entity>`)).toEqual(
      [],
    );
    expect(problems(entity('IFCWALL', 'SHEAR'), entity('IFCWALL', 'SOLIDWALL'))[0]).toMatch(
      /predefined type/,
    );
    expect(problems(entity('IFCWALL'), entity('IFCWALL', 'SOLIDWALL'))).toEqual([]);
  });

  it('lets USERDEFINED on either side meet any name (a user-defined type answers to both)', () => {
    expect(problems(entity('IFCWALL', 'USERDEFINED'), entity('IFCWALL', 'FOO'))).toEqual([]);
    expect(problems(entity('IFCWALL', 'FOO'), entity('IFCWALL', 'USERDEFINED'))).toEqual([]);
  });
});

describe('several applicable classes', () => {
  it('refuses an attribute or predefined type only when none of the classes has it', () => {
    const both = `<entity><name><xs:restriction base="xs:string"><xs:enumeration value="IFCWALL"/><xs:enumeration value="IFCWALLTYPE"/></xs:restriction></name></entity>`;
    expect(problems(both, `<attribute><name>${sv('ObjectType')}</name></attribute>`)).toEqual([]);
    expect(problems(both, `<attribute><name>${sv('Rabbit')}</name></attribute>`)[0]).toMatch(
      /IFCWALL, IFCWALLTYPE have no attribute "Rabbit"/,
    );
    const bothWithType = both.replace(
      '</name></entity>',
      `</name><predefinedType>${sv('SHEAR')}</predefinedType></entity>`,
    );
    expect(problems(bothWithType, undefined, { ifcVersion: 'IFC2X3 IFC4' })).toEqual([]);
  });
});
