/**
 * The schema knowledge the linter reads, all browser-safe data: entities and types per IFC version
 * (audit/schema-lookup.ts over @plumbline/ifc's generated tables), the standard property sets of
 * IFC4 and IFC4X3_ADD2, the restriction base each dataType takes (IDS DataTypes.md), and what the
 * IFC 4.3 documentation marks deprecated.
 */

import type { IfcSchemaId } from '@plumbline/ifc/model';
import { type PropertySetTables, propertySetTables } from '@plumbline/ifc/schema/property-sets';
import { entityNames, isSchemaId, SCHEMA_IDS, tablesFor } from '../audit/schema-lookup';
import { dataTypeTable } from './generated/data-types';

export { entityNames, isSchemaId, SCHEMA_IDS, tablesFor };

export function psetTables(version: IfcSchemaId): PropertySetTables | null {
  return propertySetTables(version);
}

interface DataTypeInfo {
  readonly versions: readonly IfcSchemaId[];
  /** xs: base a restriction on this dataType uses ('double', 'string' …), or null when none. */
  readonly base: string | null;
}

let dataTypes: Map<string, DataTypeInfo> | null = null;

/** What IDS says about a dataType (valid versions, restriction base); undefined when it does not list it. */
export function dataTypeInfo(name: string): DataTypeInfo | undefined {
  if (!dataTypes) {
    dataTypes = new Map();
    for (const row of dataTypeTable.split('\n')) {
      const [type, flags, base] = row.split('|') as [string, string, string];
      const versions = SCHEMA_IDS.filter((_, i) => flags[i] === '1');
      dataTypes.set(type, { versions, base: base || null });
    }
  }
  return dataTypes.get(name.toUpperCase());
}

/**
 * Entities the IFC 4.3 documentation marks deprecated, as listed by buildingSMART's validation
 * service (ifc-gherkin-rules, rule IFC102), with the class to use instead where there is one.
 * Applies to specifications naming IFC4X3_ADD2; the IFC4 group also to IFC4.
 */
const DEPRECATED_IN_IFC4X3: Readonly<Record<string, string | null>> = {
  IFCBUILDINGSYSTEM: 'IFCBUILTSYSTEM',
  IFCCIVILELEMENT: null,
  IFCCIVILELEMENTTYPE: null,
  IFCDOORLININGPROPERTIES: null,
  IFCDOORPANELPROPERTIES: null,
  IFCELECTRICDISTRIBUTIONBOARD: 'IFCDISTRIBUTIONBOARD',
  IFCELECTRICDISTRIBUTIONBOARDTYPE: 'IFCDISTRIBUTIONBOARDTYPE',
  IFCPERMEABLECOVERINGPROPERTIES: null,
  IFCPOSTALADDRESS: null,
  IFCRELCONNECTSPORTTOELEMENT: 'IFCRELNESTS',
  IFCRELSERVICESBUILDINGS: null,
  IFCWINDOWLININGPROPERTIES: null,
  IFCWINDOWPANELPROPERTIES: null,
  IFCTELECOMADDRESS: null,
  IFCTRAPEZIUMPROFILEDEF: null,
};

const DEPRECATED_IN_IFC4: Readonly<Record<string, string | null>> = {
  IFCPROXY: null,
  IFCOPENINGSTANDARDCASE: 'IFCOPENINGELEMENT',
  IFCDOORSTYLE: 'IFCDOORTYPE',
  IFCWINDOWSTYLE: 'IFCWINDOWTYPE',
  IFCMATERIALLIST: null,
  IFCFACEBASEDSURFACEMODEL: null,
  IFCMATERIALCLASSIFICATIONRELATIONSHIP: null,
  IFCPRESENTATIONSTYLEASSIGNMENT: null,
  IFCBEAMSTANDARDCASE: 'IFCBEAM',
  IFCCOLUMNSTANDARDCASE: 'IFCCOLUMN',
  IFCDOORSTANDARDCASE: 'IFCDOOR',
  IFCMEMBERSTANDARDCASE: 'IFCMEMBER',
  IFCPLATESTANDARDCASE: 'IFCPLATE',
  IFCRELCOVERSBLDGELEMENTS: null,
  IFCRELCOVERSSPACES: null,
  IFCSLABELEMENTEDCASE: 'IFCSLAB',
  IFCSLABSTANDARDCASE: 'IFCSLAB',
  IFCWALLELEMENTEDCASE: 'IFCWALL',
  IFCWALLSTANDARDCASE: 'IFCWALL',
  IFCWINDOWSTANDARDCASE: 'IFCWINDOW',
  // Not to be instantiated as such since IFC4: a specific subtype says what the element is.
  IFCFLOWFITTING: null,
  IFCFLOWSEGMENT: null,
  IFCFLOWTERMINAL: null,
  IFCFLOWCONTROLLER: null,
  IFCFLOWMOVINGDEVICE: null,
  IFCFLOWSTORAGEDEVICE: null,
  IFCFLOWTREATMENTDEVICE: null,
  IFCENERGYCONVERSIONDEVICE: null,
};

/** The deprecation of an entity in a version: { replacement } (null when none), or undefined. */
export function deprecatedEntity(
  version: IfcSchemaId,
  upper: string,
): { readonly replacement: string | null } | undefined {
  if (version === 'IFC2X3') return undefined;
  if (!tablesFor(version).hasEntity(upper)) return undefined;
  if (version === 'IFC4X3_ADD2' && upper in DEPRECATED_IN_IFC4X3)
    return { replacement: DEPRECATED_IN_IFC4X3[upper] ?? null };
  if (upper in DEPRECATED_IN_IFC4) {
    const replacement = DEPRECATED_IN_IFC4[upper] ?? null;
    return { replacement: replacement && tablesFor(version).hasEntity(replacement) ? replacement : null };
  }
  return undefined;
}

/** Predefined type values deprecated for a class (same source), by version. */
const DEPRECATED_TYPES: readonly {
  versions: readonly IfcSchemaId[];
  classes: readonly string[];
  values: readonly string[];
}[] = [
  {
    versions: ['IFC4X3_ADD2'],
    classes: ['IFCBUILDINGELEMENTPROXY', 'IFCBUILDINGELEMENTPROXYTYPE'],
    values: ['PROVISIONFORSPACE', 'PROVISIONFORVOID'],
  },
  {
    versions: ['IFC4X3_ADD2'],
    classes: ['IFCFIRESUPPRESSIONTERMINAL', 'IFCFIRESUPPRESSIONTERMINALTYPE'],
    values: ['SPRINKLERDEFLECTOR'],
  },
  {
    versions: ['IFC4X3_ADD2'],
    classes: ['IFCCABLECARRIERFITTING', 'IFCCABLECARRIERFITTINGTYPE'],
    values: ['TEE', 'CROSS', 'REDUCER'],
  },
  {
    versions: ['IFC4X3_ADD2'],
    classes: ['IFCGEOGRAPHICELEMENT', 'IFCGEOGRAPHICELEMENTTYPE'],
    values: ['SOIL_BORING_POINT'],
  },
  { versions: ['IFC4X3_ADD2'], classes: ['IFCSPACE', 'IFCSPACETYPE'], values: ['INTERNAL', 'EXTERNAL'] },
  {
    versions: ['IFC4', 'IFC4X3_ADD2'],
    classes: ['IFCWALL', 'IFCWALLTYPE'],
    values: ['STANDARD', 'POLYGONAL'],
  },
];

export function isDeprecatedPredefinedType(version: IfcSchemaId, upperClass: string, value: string): boolean {
  return DEPRECATED_TYPES.some(
    (d) => d.versions.includes(version) && d.classes.includes(upperClass) && d.values.includes(value),
  );
}

/** Attributes deprecated (same source): class (upper case) → attribute names, in IFC 4.3 only or since IFC4. */
const DEPRECATED_ATTRIBUTES_IFC4X3: Readonly<Record<string, readonly string[]>> = {
  IFCBUILDING: ['BuildingAddress', 'ElevationOfRefHeight', 'ElevationOfTerrain'],
  IFCBUILDINGSTOREY: ['Elevation'],
  IFCORGANIZATION: ['Addresses'],
  IFCPERSON: ['Addresses'],
  IFCSITE: ['LandTitleNumber', 'SiteAddress'],
};
const DEPRECATED_ATTRIBUTES_IFC4: Readonly<Record<string, readonly string[]>> = {
  IFCSTAIRFLIGHT: ['NumberOfRisers', 'NumberOfTreads', 'RiserHeight', 'TreadLength'],
  IFCPILE: ['ConstructionType'],
};

export function isDeprecatedAttribute(version: IfcSchemaId, upperClass: string, attribute: string): boolean {
  if (version === 'IFC2X3') return false;
  if (DEPRECATED_ATTRIBUTES_IFC4[upperClass]?.includes(attribute)) return true;
  return (
    version === 'IFC4X3_ADD2' && (DEPRECATED_ATTRIBUTES_IFC4X3[upperClass]?.includes(attribute) ?? false)
  );
}
