/**
 * Renders oracle facts as an IFC STEP file in IFC2X3, IFC4 or IFC4X3_ADD2. Attribute layouts are
 * written out here per schema (from the EXPRESS definitions), not taken from the reader's tables;
 * a bench test compares the two so a wrong layout cannot hide.
 */
import { GlobalIdFactory } from '../generator/random';
import { optStr, real, str } from '../generator/step-writer';
import {
  type OracleClassificationRef,
  type OracleMaterial,
  type OracleModelFacts,
  type OraclePsets,
  type OracleSchema,
  type OracleValue,
  oracleClass,
  quantitySetName,
} from './facts';

/** Attribute layouts used by the writer: entity → attribute names in STEP order, per schema. */
export function oracleLayouts(schema: OracleSchema): Readonly<Record<string, readonly string[]>> {
  const root = ['GlobalId', 'OwnerHistory', 'Name', 'Description'];
  const object = [...root, 'ObjectType'];
  const product = [...object, 'ObjectPlacement', 'Representation'];
  const element = [...product, 'Tag'];
  const typeProduct = [...root, 'ApplicableOccurrence', 'HasPropertySets', 'RepresentationMaps', 'Tag'];
  const elementType = [...typeProduct, 'ElementType'];
  const is2x3 = schema === 'IFC2X3';
  const withPredefined = is2x3 ? element : [...element, 'PredefinedType'];
  const layouts: Record<string, readonly string[]> = {
    IFCPROJECT: [...object, 'LongName', 'Phase', 'RepresentationContexts', 'UnitsInContext'],
    IFCBUILDING: [
      ...product,
      'LongName',
      'CompositionType',
      'ElevationOfRefHeight',
      'ElevationOfTerrain',
      'BuildingAddress',
    ],
    IFCBUILDINGSTOREY: [...product, 'LongName', 'CompositionType', 'Elevation'],
    IFCELEMENTASSEMBLY: [...element, 'AssemblyPlace', 'PredefinedType'],
    IFCSYSTEM: object,
    IFCWALL: withPredefined,
    IFCSLAB: [...element, 'PredefinedType'],
    IFCCOLUMN: withPredefined,
    IFCBEAM: withPredefined,
    IFCDOOR: is2x3
      ? [...element, 'OverallHeight', 'OverallWidth']
      : [
          ...element,
          'OverallHeight',
          'OverallWidth',
          'PredefinedType',
          'OperationType',
          'UserDefinedOperationType',
        ],
    IFCWALLTYPE: [...elementType, 'PredefinedType'],
    IFCSLABTYPE: [...elementType, 'PredefinedType'],
    IFCCOLUMNTYPE: [...elementType, 'PredefinedType'],
    IFCBEAMTYPE: [...elementType, 'PredefinedType'],
    IFCPROPERTYSET: [...root, 'HasProperties'],
    IFCELEMENTQUANTITY: [...root, 'MethodOfMeasurement', 'Quantities'],
    IFCQUANTITYLENGTH: is2x3
      ? ['Name', 'Description', 'Unit', 'LengthValue']
      : ['Name', 'Description', 'Unit', 'LengthValue', 'Formula'],
    IFCSIUNIT: ['Dimensions', 'UnitType', 'Prefix', 'Name'],
    IFCUNITASSIGNMENT: ['Units'],
    IFCPROPERTYSINGLEVALUE: [
      'Name',
      schema === 'IFC4X3_ADD2' ? 'Specification' : 'Description',
      'NominalValue',
      'Unit',
    ],
    IFCMATERIAL: is2x3 ? ['Name'] : ['Name', 'Description', 'Category'],
    IFCMATERIALLAYER: is2x3
      ? ['Material', 'LayerThickness', 'IsVentilated']
      : ['Material', 'LayerThickness', 'IsVentilated', 'Name', 'Description', 'Category', 'Priority'],
    IFCMATERIALLAYERSET: is2x3
      ? ['MaterialLayers', 'LayerSetName']
      : ['MaterialLayers', 'LayerSetName', 'Description'],
    IFCCLASSIFICATION: is2x3
      ? ['Source', 'Edition', 'EditionDate', 'Name']
      : [
          'Source',
          'Edition',
          'EditionDate',
          'Name',
          'Description',
          schema === 'IFC4' ? 'Location' : 'Specification',
          'ReferenceTokens',
        ],
    IFCCLASSIFICATIONREFERENCE: is2x3
      ? ['Location', 'ItemReference', 'Name', 'ReferencedSource']
      : ['Location', 'Identification', 'Name', 'ReferencedSource', 'Description', 'Sort'],
    IFCRELAGGREGATES: [...root, 'RelatingObject', 'RelatedObjects'],
    IFCRELCONTAINEDINSPATIALSTRUCTURE: [...root, 'RelatedElements', 'RelatingStructure'],
    IFCRELASSIGNSTOGROUP: [...root, 'RelatedObjects', 'RelatedObjectsType', 'RelatingGroup'],
    IFCRELDEFINESBYTYPE: [...root, 'RelatedObjects', 'RelatingType'],
    IFCRELDEFINESBYPROPERTIES: [...root, 'RelatedObjects', 'RelatingPropertyDefinition'],
    IFCRELASSOCIATESMATERIAL: [...root, 'RelatedObjects', 'RelatingMaterial'],
    IFCRELASSOCIATESCLASSIFICATION: [...root, 'RelatedObjects', 'RelatingClassification'],
  };
  if (is2x3) {
    layouts.IFCWALLSTANDARDCASE = element;
    layouts.IFCFLOWTERMINAL = element;
    layouts.IFCAIRTERMINALTYPE = [...elementType, 'PredefinedType'];
    layouts.IFCSANITARYTERMINALTYPE = [...elementType, 'PredefinedType'];
    layouts.IFCDOORSTYLE = [
      ...typeProduct,
      'OperationType',
      'ConstructionType',
      'ParameterTakesPrecedence',
      'Sizeable',
    ];
  } else {
    layouts.IFCDOORTYPE = [
      ...elementType,
      'PredefinedType',
      'OperationType',
      'ParameterTakesPrecedence',
      'UserDefinedOperationType',
    ];
  }
  return layouts;
}

/** Writes the model; returns the STEP text (oracle models are small). */
export function writeOracleIfc(facts: OracleModelFacts): string {
  const { schema } = facts;
  const layouts = oracleLayouts(schema);
  const relIds = new GlobalIdFactory(facts.seed, 103);
  let relSerial = 0;
  const lines: string[] = [];
  let nextId = 1;
  /** Adds an instance from named attribute values; unnamed attributes are `$`. */
  const add = (entity: string, values: Record<string, string>): number => {
    const layout = layouts[entity];
    if (!layout) throw new Error(`no layout for ${entity} in ${schema}`);
    for (const key of Object.keys(values))
      if (!layout.includes(key)) throw new Error(`${entity} has no attribute ${key} in ${schema}`);
    const id = nextId++;
    lines.push(`#${id}=${entity}(${layout.map((a) => values[a] ?? '$').join(',')});`);
    return id;
  };
  const rel = (entity: string, values: Record<string, string>) =>
    add(entity, { GlobalId: str(relIds.id(relSerial++)), ...values });
  const list = (ids: readonly number[]) => `(${ids.map((i) => `#${i}`).join(',')})`;
  const enumValue = (value: string | null) => (value === null ? '$' : `.${value}.`);

  // Lengths in millimetres: quantities are written in project units and read in SI units.
  const millimetre = add('IFCSIUNIT', {
    Dimensions: '*',
    UnitType: '.LENGTHUNIT.',
    Prefix: '.MILLI.',
    Name: '.METRE.',
  });
  const units = add('IFCUNITASSIGNMENT', { Units: list([millimetre]) });
  const project = add('IFCPROJECT', {
    GlobalId: str(relIds.id(relSerial++)),
    Name: str('Oracle project'),
    UnitsInContext: `#${units}`,
  });
  const building = add('IFCBUILDING', {
    GlobalId: str(relIds.id(relSerial++)),
    Name: str('Oracle building'),
    CompositionType: '.ELEMENT.',
  });
  rel('IFCRELAGGREGATES', { RelatingObject: `#${project}`, RelatedObjects: list([building]) });
  const storeys = Array.from({ length: facts.storeys }, (_, k) =>
    add('IFCBUILDINGSTOREY', {
      GlobalId: str(relIds.id(relSerial++)),
      Name: str(`Level ${k}`),
      CompositionType: '.ELEMENT.',
      Elevation: real(k * 3),
    }),
  );
  rel('IFCRELAGGREGATES', { RelatingObject: `#${building}`, RelatedObjects: list(storeys) });
  const assemblies = Array.from({ length: facts.assemblies }, (_, k) =>
    add('IFCELEMENTASSEMBLY', {
      GlobalId: str(relIds.id(relSerial++)),
      Name: str(`Truss ${k}`),
      AssemblyPlace: '.FACTORY.',
      PredefinedType: '.TRUSS.',
    }),
  );
  const systems = Array.from({ length: facts.systems }, (_, k) =>
    add('IFCSYSTEM', { GlobalId: str(relIds.id(relSerial++)), Name: str(`System ${k}`) }),
  );

  const value = (v: OracleValue): string => {
    if (v.value === null) return '$';
    switch (v.type) {
      case 'IFCBOOLEAN':
        return `IFCBOOLEAN(${v.value ? '.T.' : '.F.'})`;
      case 'IFCINTEGER':
        return `IFCINTEGER(${v.value})`;
      case 'IFCREAL':
        return `IFCREAL(${real(v.value as number)})`;
      default:
        return `${v.type}(${str(String(v.value))})`;
    }
  };
  const psetIds = (psets: OraclePsets): number[] =>
    [...psets].map(([name, props]) =>
      add('IFCPROPERTYSET', {
        GlobalId: str(relIds.id(relSerial++)),
        Name: str(name),
        HasProperties: list(
          [...props].map(([prop, v]) =>
            add('IFCPROPERTYSINGLEVALUE', { Name: str(prop), NominalValue: value(v) }),
          ),
        ),
      }),
    );

  // Shared resources: one classification per system, one reference per code, one material per name.
  const sources = new Map<string, number>();
  const references = new Map<string, number>();
  const referenceId = (r: OracleClassificationRef): number => {
    const key = `${r.system}\u0000${r.code}`;
    let id = references.get(key);
    if (id === undefined) {
      let source = sources.get(r.system);
      if (source === undefined) {
        source = add('IFCCLASSIFICATION', {
          Source: str('oracle'),
          Edition: str('1'),
          ...(schema === 'IFC2X3' ? { EditionDate: '$' } : {}),
          Name: str(r.system),
        });
        sources.set(r.system, source);
      }
      id = add('IFCCLASSIFICATIONREFERENCE', {
        [schema === 'IFC2X3' ? 'ItemReference' : 'Identification']: str(r.code),
        Name: str(`${r.code} item`),
        ReferencedSource: `#${source}`,
      });
      references.set(key, id);
    }
    return id;
  };
  const materialIds = new Map<string, number>();
  const materialOf = (name: string, category: string | null) => {
    let id = materialIds.get(name);
    if (id === undefined) {
      id = add(
        'IFCMATERIAL',
        schema === 'IFC2X3' ? { Name: str(name) } : { Name: str(name), Category: optStr(category) },
      );
      materialIds.set(name, id);
    }
    return id;
  };
  const materialId = (m: OracleMaterial): number => {
    if (m.kind === 'single') {
      const part = m.parts[0];
      if (!part) throw new Error('a single material without a part');
      return materialOf(part.name, part.category);
    }
    const layers = m.parts.map((p) =>
      add('IFCMATERIALLAYER', { Material: `#${materialOf(p.name, p.category)}`, LayerThickness: real(0.1) }),
    );
    return add('IFCMATERIALLAYERSET', { MaterialLayers: list(layers) });
  };
  const associations = new Map<string, { entity: string; target: number; objects: number[] }>();
  const associate = (entity: string, target: number, object: number) => {
    const key = `${entity}#${target}`;
    const existing = associations.get(key);
    if (existing) existing.objects.push(object);
    else associations.set(key, { entity, target, objects: [object] });
  };
  const attachCommon = (
    id: number,
    classifications: readonly OracleClassificationRef[],
    material: OracleMaterial | null,
  ) => {
    for (const r of classifications) associate('IFCRELASSOCIATESCLASSIFICATION', referenceId(r), id);
    if (material) associate('IFCRELASSOCIATESMATERIAL', materialId(material), id);
  };

  const typeIds = new Map<number, number>();
  for (const t of facts.types) {
    const hasPsets = t.psets.size > 0;
    const psets = hasPsets ? list(psetIds(t.psets)) : '$';
    const isStyle = t.className === 'IFCDOORSTYLE';
    const values: Record<string, string> = {
      GlobalId: str(t.globalId),
      Name: str(t.name),
      HasPropertySets: psets,
    };
    if (isStyle) {
      Object.assign(values, {
        OperationType: '.SINGLE_SWING_LEFT.',
        ConstructionType: '.WOOD.',
        ParameterTakesPrecedence: '.F.',
        Sizeable: '.F.',
      });
    } else {
      values.ElementType = optStr(t.elementType);
      values.PredefinedType = enumValue(t.predefinedType ?? 'NOTDEFINED');
      if (t.className === 'IFCDOORTYPE') values.OperationType = '.SINGLE_SWING_LEFT.';
    }
    const id = add(t.className, values);
    typeIds.set(t.index, id);
    attachCommon(id, t.classifications, t.material);
  }

  const contained = new Map<number, number[]>();
  const aggregated = new Map<number, number[]>();
  const grouped = new Map<number, number[]>();
  const typed = new Map<number, number[]>();
  const push = (map: Map<number, number[]>, key: number, id: number) => {
    const existing = map.get(key);
    if (existing) existing.push(id);
    else map.set(key, [id]);
  };
  for (const e of facts.elements) {
    const values: Record<string, string> = {
      GlobalId: str(e.globalId),
      Name: optStr(e.name),
      Description: optStr(e.description),
      ObjectType: optStr(e.objectType),
      Tag: optStr(e.tag),
    };
    if (oracleClass(e.className).occurrenceHasPredefined(schema))
      values.PredefinedType = enumValue(e.predefinedType);
    const id = add(e.className, values);
    for (const pset of psetIds(e.psets))
      rel('IFCRELDEFINESBYPROPERTIES', {
        RelatedObjects: list([id]),
        RelatingPropertyDefinition: `#${pset}`,
      });
    if (e.lengthMm !== null) {
      const length = add('IFCQUANTITYLENGTH', { Name: str('Length'), LengthValue: real(e.lengthMm) });
      const quantities = add('IFCELEMENTQUANTITY', {
        GlobalId: str(relIds.id(relSerial++)),
        Name: str(quantitySetName(oracleClass(e.className))),
        Quantities: list([length]),
      });
      rel('IFCRELDEFINESBYPROPERTIES', {
        RelatedObjects: list([id]),
        RelatingPropertyDefinition: `#${quantities}`,
      });
    }
    attachCommon(id, e.classifications, e.material);
    if (e.type) push(typed, typeIds.get(e.type.index) as number, id);
    if (e.storey !== null) push(contained, storeys[e.storey] as number, id);
    if (e.assembly !== null) push(aggregated, assemblies[e.assembly] as number, id);
    if (e.system !== null) push(grouped, systems[e.system] as number, id);
  }
  for (const [type, objects] of typed)
    rel('IFCRELDEFINESBYTYPE', { RelatedObjects: list(objects), RelatingType: `#${type}` });
  for (const [storey, objects] of contained)
    rel('IFCRELCONTAINEDINSPATIALSTRUCTURE', {
      RelatedElements: list(objects),
      RelatingStructure: `#${storey}`,
    });
  for (const [assembly, objects] of aggregated)
    rel('IFCRELAGGREGATES', { RelatingObject: `#${assembly}`, RelatedObjects: list(objects) });
  for (const [group, objects] of grouped)
    rel('IFCRELASSIGNSTOGROUP', { RelatedObjects: list(objects), RelatingGroup: `#${group}` });
  for (const a of associations.values())
    rel(a.entity, {
      RelatedObjects: list(a.objects),
      [a.entity === 'IFCRELASSOCIATESMATERIAL' ? 'RelatingMaterial' : 'RelatingClassification']:
        `#${a.target}`,
    });

  return (
    'ISO-10303-21;\nHEADER;\n' +
    "FILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\n" +
    `FILE_NAME(${str(`oracle-${schema}-${facts.seed}.ifc`)},'2024-05-01T09:00:00',(''),(''),'Plumbline oracle generator','','');\n` +
    `FILE_SCHEMA((${str(schema)}));\nENDSEC;\nDATA;\n${lines.join('\n')}\nENDSEC;\nEND-ISO-10303-21;\n`
  );
}
