/**
 * One failing and one passing IDS per lint rule, for the rule tests (lint/rules.test.ts). Each
 * failing IDS has exactly one finding of its rule; each passing IDS is the same file with that one
 * thing put right. Every document is valid against ids.xsd unless the rule is about the schema.
 * Over 500 lines: one list of data, a case per rule (70 rules).
 */
import type { RuleId } from '../lint/rules';
import { entity, enumeration, ids, pattern, spec, sv } from './ids-xml';

export interface RuleCase {
  readonly rule: RuleId;
  readonly failing: string;
  readonly passing: string;
  /** The failing file does not validate against ids.xsd (the rule is about what the schema also refuses). */
  readonly failingIsSchemaInvalid?: boolean;
  /** Linted with the XSD (lintIdsFile), not lintIds alone. */
  readonly withSchema?: boolean;
}

const wall = entity('IFCWALL');
const one = (
  applicability: string,
  requirements?: string,
  more: { ifcVersion?: string; occurs?: string; name?: string } = {},
) => ids(spec({ applicability, ...(requirements === undefined ? {} : { requirements }), ...more }));
const attr = (name: string, value?: string, cardinality?: string) =>
  `<attribute${cardinality ? ` cardinality="${cardinality}"` : ''}><name>${sv(name)}</name>${value === undefined ? '' : `<value>${value}</value>`}</attribute>`;
const prop = (
  pset: string,
  name: string,
  o: { dataType?: string; value?: string; cardinality?: string; uri?: string } = {},
) =>
  `<property${o.dataType ? ` dataType="${o.dataType}"` : ''}${o.cardinality ? ` cardinality="${o.cardinality}"` : ''}${o.uri ? ` uri="${o.uri}"` : ''}><propertySet>${sv(pset)}</propertySet><baseName>${sv(name)}</baseName>${o.value === undefined ? '' : `<value>${o.value}</value>`}</property>`;
const restriction = (base: string, facets: string) =>
  `<xs:restriction base="xs:${base}">${facets}</xs:restriction>`;
const facet = (name: string, value: string) => `<xs:${name} value="${value}"/>`;
const named = attr('Name');
const strictlyNamed = (p: string) => attr('Name', pattern(p));

/** Two specifications; the second named and built as given. */
const two = (first: string, second: string) => ids(first, second);
const wallSpec = (name: string, requirements = named, extra = '') =>
  `<specification name="${name}" ifcVersion="IFC4"${extra}><applicability maxOccurs="unbounded">${wall}</applicability><requirements>${requirements}</requirements></specification>`;

export const RULE_CASES: readonly RuleCase[] = [
  {
    rule: 'xml-malformed',
    failing: one(wall).replace('</ids>', '</idss>'),
    passing: one(wall),
    failingIsSchemaInvalid: true,
  },
  {
    rule: 'xsd-invalid',
    failing: one(wall).replace('<info><title>Test IDS</title></info>', '<info><version>1</version></info>'),
    passing: one(wall),
    failingIsSchemaInvalid: true,
    withSchema: true,
  },
  {
    rule: 'ids-structure',
    failing: one('<entity></entity>'),
    passing: one(wall),
    failingIsSchemaInvalid: true,
  },
  {
    rule: 'ifc-version-missing',
    failing: one(wall, named).replace(' ifcVersion="IFC4"', ''),
    passing: one(wall, named),
    failingIsSchemaInvalid: true,
  },
  {
    rule: 'ifc-version-unknown',
    failing: one(wall, named, { ifcVersion: 'IFC4X3' }),
    passing: one(wall, named, { ifcVersion: 'IFC4X3_ADD2' }),
    failingIsSchemaInvalid: true,
  },
  {
    rule: 'ifc-version-duplicate',
    failing: one(wall, named, { ifcVersion: 'IFC4 IFC4' }),
    passing: one(wall, named),
  },
  {
    rule: 'spec-prohibited-with-requirements',
    failing: one(wall, named, { occurs: 'minOccurs="0" maxOccurs="0"' }),
    passing: one(wall, undefined, { occurs: 'minOccurs="0" maxOccurs="0"' }),
  },
  {
    rule: 'spec-duplicate',
    failing: two(wallSpec('A'), wallSpec('B')),
    passing: two(wallSpec('A'), wallSpec('B', attr('Description'))),
  },
  {
    rule: 'spec-duplicate-name',
    failing: two(wallSpec('A'), wallSpec('A', attr('Description'))),
    passing: two(wallSpec('A'), wallSpec('B', attr('Description'))),
  },
  {
    rule: 'spec-duplicate-identifier',
    failing: two(
      wallSpec('A', named, ' identifier="W-1"'),
      wallSpec('B', attr('Description'), ' identifier="W-1"'),
    ),
    passing: two(
      wallSpec('A', named, ' identifier="W-1"'),
      wallSpec('B', attr('Description'), ' identifier="W-2"'),
    ),
  },
  {
    rule: 'spec-never-applies',
    failing: one(
      `${wall}${prop('Pset_WallCommon', 'IsExternal', { dataType: 'IFCBOOLEAN', value: sv('true') })}${prop('Pset_WallCommon', 'IsExternal', { dataType: 'IFCBOOLEAN', value: sv('false') })}`,
      named,
    ),
    passing: one(
      `${wall}${prop('Pset_WallCommon', 'IsExternal', { dataType: 'IFCBOOLEAN', value: sv('true') })}`,
      named,
    ),
  },
  {
    rule: 'spec-checks-nothing',
    failing: one(wall, undefined, { occurs: 'minOccurs="0" maxOccurs="unbounded"' }),
    passing: one(wall, named, { occurs: 'minOccurs="0" maxOccurs="unbounded"' }),
  },
  {
    rule: 'applicability-without-entity',
    failing: one(prop('Pset_WallCommon', 'IsExternal', { dataType: 'IFCBOOLEAN', value: sv('true') }), named),
    passing: one(
      `${wall}${prop('Pset_WallCommon', 'IsExternal', { dataType: 'IFCBOOLEAN', value: sv('true') })}`,
      named,
    ),
  },
  {
    rule: 'facet-duplicate',
    failing: one(wall, `${named}${named}`),
    passing: one(wall, `${named}${attr('Description')}`),
  },
  {
    rule: 'facet-always-passes',
    failing: one(wall, `${named}${attr('Description', undefined, 'optional')}`),
    passing: one(wall, `${named}${attr('Description', sv('x'), 'optional')}`),
  },
  { rule: 'requirement-entity-mismatch', failing: one(wall, entity('IFCDOOR')), passing: one(wall, wall) },
  {
    rule: 'requirement-predefined-type-mismatch',
    failing: one(entity('IFCWALL', 'SHEAR'), entity('IFCWALL', 'PARTITIONING')),
    passing: one(entity('IFCWALL', 'SHEAR'), entity('IFCWALL', 'SHEAR')),
  },
  {
    rule: 'requirement-contradicts-applicability',
    failing: one(`${wall}${attr('Name', sv('A'))}`, attr('Name', sv('B'))),
    passing: one(`${wall}${attr('Name', sv('A'))}`, attr('Name', enumeration(['A', 'B']))),
  },
  { rule: 'entity-unknown', failing: one(entity('IFCWAL'), named), passing: one(wall, named) },
  { rule: 'entity-not-uppercase', failing: one(entity('IfcWall'), named), passing: one(wall, named) },
  {
    rule: 'entity-pattern-matches-none',
    failing: one(`<entity><name>${pattern('IFCNOTHING.*')}</name></entity>`, named),
    passing: one(`<entity><name>${pattern('IFCWALL.*')}</name></entity>`, named),
  },
  { rule: 'entity-abstract', failing: one(entity('IFCBUILDINGELEMENT'), named), passing: one(wall, named) },
  {
    rule: 'entity-deprecated',
    failing: one(entity('IFCWALLSTANDARDCASE'), named),
    passing: one(wall, named),
  },
  {
    rule: 'predefined-type-not-applicable',
    failing: one(entity('IFCWALL', 'SHEAR'), named, { ifcVersion: 'IFC2X3' }),
    passing: one(entity('IFCWALL', 'SHEAR'), named, { ifcVersion: 'IFC4' }),
  },
  {
    rule: 'predefined-type-unknown',
    failing: one(entity('IFCWALL', 'shear'), named),
    passing: one(entity('IFCWALL', 'SHEAR'), named),
  },
  {
    rule: 'predefined-type-deprecated',
    failing: one(entity('IFCWALL', 'STANDARD'), named),
    passing: one(entity('IFCWALL', 'SOLIDWALL'), named),
  },
  { rule: 'attribute-unknown', failing: one(wall, attr('Nmae')), passing: one(wall, named) },
  {
    rule: 'attribute-derived',
    failing: one(entity('IFCSIUNIT'), attr('Dimensions')),
    passing: one(entity('IFCSIUNIT'), attr('Name')),
  },
  {
    rule: 'attribute-never-present',
    failing: one(wall, `${named}${attr('Nmae', undefined, 'prohibited')}`),
    passing: one(wall, `${named}${attr('Tag', undefined, 'prohibited')}`),
  },
  {
    rule: 'attribute-value-not-comparable',
    failing: one(entity('IFCTASK'), attr('TaskTime', sv('Foobar'))),
    passing: one(entity('IFCTASK'), attr('TaskTime')),
  },
  {
    rule: 'attribute-deprecated',
    failing: one(entity('IFCBUILDING'), attr('ElevationOfRefHeight'), { ifcVersion: 'IFC4X3_ADD2' }),
    passing: one(entity('IFCBUILDING'), attr('Name'), { ifcVersion: 'IFC4X3_ADD2' }),
  },
  {
    rule: 'pset-reserved-prefix',
    failing: one(wall, prop('Pset_WallComon', 'FireRating', { dataType: 'IFCLABEL' })),
    passing: one(wall, prop('Pset_WallCommon', 'FireRating', { dataType: 'IFCLABEL' })),
  },
  {
    rule: 'pset-not-applicable',
    failing: one(entity('IFCDOOR'), prop('Pset_WallCommon', 'FireRating', { dataType: 'IFCLABEL' })),
    passing: one(entity('IFCDOOR'), prop('Pset_DoorCommon', 'FireRating', { dataType: 'IFCLABEL' })),
  },
  {
    rule: 'property-unknown',
    failing: one(wall, prop('Pset_WallCommon', 'FireRatin', { dataType: 'IFCLABEL' })),
    passing: one(wall, prop('Pset_WallCommon', 'FireRating', { dataType: 'IFCLABEL' })),
  },
  {
    rule: 'property-deprecated',
    failing: one(wall, prop('Pset_WallCommon', 'Reference', { dataType: 'IFCIDENTIFIER' }), {
      ifcVersion: 'IFC4X3_ADD2',
    }),
    passing: one(wall, prop('Pset_WallCommon', 'FireRating', { dataType: 'IFCLABEL' }), {
      ifcVersion: 'IFC4X3_ADD2',
    }),
  },
  {
    rule: 'datatype-unknown',
    failing: one(wall, prop('Foo_Bar', 'Foo', { dataType: 'IFCLABELL' })),
    passing: one(wall, prop('Foo_Bar', 'Foo', { dataType: 'IFCLABEL' })),
  },
  {
    rule: 'datatype-not-uppercase',
    failing: one(wall, prop('Foo_Bar', 'Foo', { dataType: 'IfcLabel' })),
    passing: one(wall, prop('Foo_Bar', 'Foo', { dataType: 'IFCLABEL' })),
    failingIsSchemaInvalid: true,
  },
  {
    rule: 'datatype-mismatch',
    failing: one(wall, prop('Pset_WallCommon', 'FireRating', { dataType: 'IFCTEXT' })),
    passing: one(wall, prop('Pset_WallCommon', 'FireRating', { dataType: 'IFCLABEL' })),
  },
  {
    rule: 'datatype-missing',
    failing: one(wall, prop('Pset_WallCommon', 'FireRating', { value: sv('EI30') })),
    passing: one(wall, prop('Pset_WallCommon', 'FireRating', { dataType: 'IFCLABEL', value: sv('EI30') })),
  },
  {
    rule: 'value-not-in-standard-enumeration',
    failing: one(
      entity('IFCDOOR'),
      prop('Pset_DoorCommon', 'Status', { dataType: 'IFCLABEL', value: sv('new') }),
    ),
    passing: one(
      entity('IFCDOOR'),
      prop('Pset_DoorCommon', 'Status', { dataType: 'IFCLABEL', value: sv('NEW') }),
    ),
  },
  {
    rule: 'measure-not-si',
    failing: one(
      wall,
      prop('Qto_WallBaseQuantities', 'Length', { dataType: 'IFCLENGTHMEASURE', value: sv('3000') }),
    ),
    passing: one(
      wall,
      prop('Qto_WallBaseQuantities', 'Length', { dataType: 'IFCLENGTHMEASURE', value: sv('3') }),
    ),
  },
  {
    rule: 'value-type-mismatch',
    failing: one(wall, prop('Foo_Bar', 'Foo', { dataType: 'IFCINTEGER', value: sv('42.0') })),
    passing: one(wall, prop('Foo_Bar', 'Foo', { dataType: 'IFCINTEGER', value: sv('42') })),
  },
  {
    rule: 'value-empty',
    failing: one(wall, attr('Name', sv(''))),
    passing: one(wall, attr('Name', sv('W01'))),
  },
  {
    rule: 'value-whitespace',
    failing: one(wall, attr('Name', sv('W01 '))),
    passing: one(wall, attr('Name', sv('W01'))),
  },
  {
    rule: 'restriction-base-unknown',
    failing: one(wall, attr('Name', restriction('rabbit', facet('pattern', 'W.*')))),
    passing: one(wall, attr('Name', restriction('string', facet('pattern', 'W.*')))),
  },
  {
    rule: 'restriction-base-mismatch',
    failing: one(
      wall,
      prop('Qto_WallBaseQuantities', 'Length', {
        dataType: 'IFCLENGTHMEASURE',
        value: restriction('string', facet('enumeration', '3')),
      }),
    ),
    passing: one(
      wall,
      prop('Qto_WallBaseQuantities', 'Length', {
        dataType: 'IFCLENGTHMEASURE',
        value: restriction('double', facet('enumeration', '3')),
      }),
    ),
  },
  {
    rule: 'restriction-facet-not-for-base',
    failing: one(
      wall,
      attr('Name', restriction('string', `${facet('pattern', 'W.*')}${facet('minInclusive', '1')}`)),
    ),
    passing: one(wall, attr('Name', restriction('string', facet('pattern', 'W.*')))),
  },
  {
    rule: 'restriction-empty',
    failing: one(wall, attr('Name', restriction('string', ''))),
    passing: one(wall, attr('Name', restriction('string', facet('pattern', 'W.*')))),
  },
  {
    rule: 'bound-not-number',
    failing: one(
      wall,
      prop('Foo_Bar', 'Foo', {
        dataType: 'IFCREAL',
        value: restriction('double', facet('minInclusive', 'abc')),
      }),
    ),
    passing: one(
      wall,
      prop('Foo_Bar', 'Foo', {
        dataType: 'IFCREAL',
        value: restriction('double', facet('minInclusive', '1')),
      }),
    ),
  },
  {
    rule: 'bounds-contradictory',
    failing: one(
      wall,
      prop('Foo_Bar', 'Foo', {
        dataType: 'IFCREAL',
        value: restriction('double', `${facet('minInclusive', '10')}${facet('maxInclusive', '5')}`),
      }),
    ),
    passing: one(
      wall,
      prop('Foo_Bar', 'Foo', {
        dataType: 'IFCREAL',
        value: restriction('double', `${facet('minInclusive', '5')}${facet('maxInclusive', '10')}`),
      }),
    ),
  },
  {
    rule: 'length-invalid',
    failing: one(wall, attr('Name', restriction('string', facet('length', '-1')))),
    passing: one(wall, attr('Name', restriction('string', facet('length', '3')))),
    failingIsSchemaInvalid: true,
  },
  {
    rule: 'length-contradictory',
    failing: one(
      wall,
      attr('Name', restriction('string', `${facet('minLength', '5')}${facet('maxLength', '2')}`)),
    ),
    passing: one(
      wall,
      attr('Name', restriction('string', `${facet('minLength', '2')}${facet('maxLength', '5')}`)),
    ),
  },
  {
    rule: 'enumeration-duplicate',
    failing: one(wall, attr('Name', enumeration(['A', 'A', 'B']))),
    passing: one(wall, attr('Name', enumeration(['A', 'B']))),
  },
  {
    rule: 'enumeration-case-or-space',
    failing: one(wall, attr('Name', enumeration(['EI30', 'ei30']))),
    passing: one(wall, attr('Name', enumeration(['EI30', 'EI60']))),
  },
  {
    rule: 'enumeration-single',
    failing: one(wall, attr('Name', enumeration(['W01']))),
    passing: one(wall, attr('Name', sv('W01'))),
  },
  {
    rule: 'enumeration-large',
    failing: one(
      wall,
      prop('Foo_Bar', 'Count', {
        dataType: 'IFCINTEGER',
        value: enumeration(
          Array.from({ length: 60 }, (_, i) => String(i + 1)),
          'integer',
        ),
      }),
    ),
    passing: one(
      wall,
      prop('Foo_Bar', 'Count', {
        dataType: 'IFCINTEGER',
        value: enumeration(
          Array.from({ length: 60 }, (_, i) => String(i * 7 + 1)),
          'integer',
        ),
      }),
    ),
  },
  {
    rule: 'uri-invalid',
    failing: one(wall, prop('Foo_Bar', 'Foo', { uri: 'not a uri' })),
    passing: one(wall, prop('Foo_Bar', 'Foo', { uri: 'https://identifier.buildingsmart.org/uri/x' })),
  },
  {
    rule: 'pattern-invalid',
    failing: one(wall, strictlyNamed('W[0-9')),
    passing: one(wall, strictlyNamed('W[0-9]')),
  },
  {
    rule: 'pattern-on-non-string',
    failing: one(
      wall,
      prop('Foo_Bar', 'Foo', { dataType: 'IFCINTEGER', value: pattern('[0-9]+', 'integer') }),
    ),
    passing: one(wall, prop('Foo_Bar', 'Foo', { dataType: 'IFCLABEL', value: pattern('[0-9]+') })),
  },
  {
    rule: 'pattern-lookaround',
    failing: one(wall, strictlyNamed('(?=W)W.*')),
    passing: one(wall, strictlyNamed('W.*')),
  },
  {
    rule: 'pattern-lazy-quantifier',
    failing: one(wall, strictlyNamed('W.*?')),
    passing: one(wall, strictlyNamed('W.*')),
  },
  {
    rule: 'pattern-backreference',
    failing: one(wall, strictlyNamed('(W)\\1')),
    passing: one(wall, strictlyNamed('(W)W')),
  },
  {
    rule: 'pattern-anchor',
    failing: one(wall, strictlyNamed('^W[0-9]+$')),
    passing: one(wall, strictlyNamed('W[0-9]+')),
  },
  {
    rule: 'pattern-unicode-digit',
    failing: one(wall, strictlyNamed('W\\d+')),
    passing: one(wall, strictlyNamed('W[0-9]+')),
  },
  {
    rule: 'pattern-word-class',
    failing: one(wall, strictlyNamed('W\\w+')),
    passing: one(wall, strictlyNamed('W[A-Za-z0-9]+')),
  },
  {
    rule: 'partof-relation-entity',
    failing: one(
      wall,
      `<partOf relation="IFCRELCONTAINEDINSPATIALSTRUCTURE"><entity><name>${sv('IFCSLAB')}</name></entity></partOf>`,
    ),
    passing: one(
      wall,
      `<partOf relation="IFCRELCONTAINEDINSPATIALSTRUCTURE"><entity><name>${sv('IFCBUILDINGSTOREY')}</name></entity></partOf>`,
    ),
  },
  {
    rule: 'suppression-without-reason',
    failing: one(wall, named).replace(
      '<specification ',
      '<!-- plumbline-ignore applicability-without-entity -->\n<specification ',
    ),
    passing: one(wall, named),
  },
  {
    rule: 'suppression-unknown-rule',
    failing: one(entity('IFCBUILDINGELEMENT'), named).replace(
      '<specification ',
      '<!-- plumbline-ignore entity-abstrakt: generic -->\n<specification ',
    ),
    passing: one(entity('IFCBUILDINGELEMENT'), named).replace(
      '<specification ',
      '<!-- plumbline-ignore entity-abstract: generic -->\n<specification ',
    ),
  },
  {
    rule: 'suppression-of-error',
    failing: one(entity('IFCWAL'), named).replace(
      '<specification ',
      '<!-- plumbline-ignore entity-unknown: custom class -->\n<specification ',
    ),
    passing: one(wall, named),
  },
  {
    rule: 'suppression-unused',
    failing: one(wall, named).replace(
      '<specification ',
      '<!-- plumbline-ignore entity-abstract: generic -->\n<specification ',
    ),
    passing: one(entity('IFCBUILDINGELEMENT'), named).replace(
      '<specification ',
      '<!-- plumbline-ignore entity-abstract: generic -->\n<specification ',
    ),
  },
];
