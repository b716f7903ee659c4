/**
 * The file header and everything written once before the first building: owner history, units,
 * representation contexts, shared geometry, the project and site, the Uniclass 2015 references.
 */
import { UNICLASS_EF } from './catalogue';
import type { GenContext } from './context';
import { real, ref, refs, str } from './step-writer';

export interface HeaderInfo {
  readonly fileName: string;
  readonly timestamp: string;
  readonly version: number;
}

export function writeHeader(ctx: GenContext, info: HeaderInfo): void {
  ctx.writer.raw(
    'ISO-10303-21;\nHEADER;\n' +
      "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');\n" +
      `FILE_NAME(${str(info.fileName)},${str(info.timestamp)},('Jane Doe'),('Plumbline Architects'),` +
      `'Plumbline synthetic IFC generator','Plumbline bench v${info.version}','');\n` +
      "FILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n",
  );
}

export function writeTrailer(ctx: GenContext): void {
  ctx.writer.raw('ENDSEC;\nEND-ISO-10303-21;\n');
}

const PROPERTY_ENUMERATIONS: Readonly<Record<string, readonly string[]>> = {
  PEnum_ElementStatus: ['NEW', 'EXISTING', 'DEMOLISH', 'TEMPORARY', 'OTHER', 'NOTKNOWN', 'UNSET'],
  PEnum_AirTerminalShape: ['ROUND', 'RECTANGULAR', 'SQUARE', 'SLOT', 'OTHER', 'NOTKNOWN', 'UNSET'],
  PEnum_DuctSegmentShape: ['FLATOVAL', 'RECTANGULAR', 'ROUND', 'OTHER', 'NOTKNOWN', 'UNSET'],
};

/** Owner history, units, contexts and shared geometry; fills `ctx.shared`. Returns the project id. */
export function writeProject(ctx: GenContext, creationTime: number, projectName: string): number {
  const w = ctx.writer;
  const person = w.add("IFCPERSON($,'Doe','Jane',$,$,$,$,$)");
  const org = w.add("IFCORGANIZATION($,'Plumbline Architects',$,$,$)");
  const user = w.add(`IFCPERSONANDORGANIZATION(#${person},#${org},$)`);
  const devOrg = w.add("IFCORGANIZATION($,'Plumbline',$,$,$)");
  const app = w.add(`IFCAPPLICATION(#${devOrg},'1.0','Plumbline synthetic IFC generator','plumbline-gen')`);
  const ownerHistory = w.add(`IFCOWNERHISTORY(#${user},#${app},$,.ADDED.,$,$,$,${creationTime})`);

  const origin = w.add('IFCCARTESIANPOINT((0.,0.,0.))');
  const dirX = w.add('IFCDIRECTION((1.,0.,0.))');
  const dirY = w.add('IFCDIRECTION((0.,1.,0.))');
  const dirZ = w.add('IFCDIRECTION((0.,0.,1.))');
  const originPlacement = w.add(`IFCAXIS2PLACEMENT3D(#${origin},$,$)`);
  const alongXPlacement = w.add(`IFCAXIS2PLACEMENT3D(#${origin},#${dirX},#${dirZ})`);
  const identityOperator = w.add(`IFCCARTESIANTRANSFORMATIONOPERATOR3D($,$,#${origin},1.,$)`);
  const trueNorth = w.add('IFCDIRECTION((0.,1.))');
  const modelContext = w.add(
    `IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#${originPlacement},#${trueNorth})`,
  );
  const bodyContext = w.add(
    `IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#${modelContext},$,.MODEL_VIEW.,$)`,
  );
  w.add(`IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Axis','Model',*,*,*,*,#${modelContext},$,.GRAPH_VIEW.,$)`);

  const si = (type: string, name: string, prefix = '$') =>
    w.add(`IFCSIUNIT(*,.${type}.,${prefix},.${name}.)`);
  const metre = si('LENGTHUNIT', 'METRE');
  const units = [
    metre,
    si('AREAUNIT', 'SQUARE_METRE'),
    si('VOLUMEUNIT', 'CUBIC_METRE'),
    si('PLANEANGLEUNIT', 'RADIAN'),
    si('MASSUNIT', 'GRAM', '.KILO.'),
    si('POWERUNIT', 'WATT'),
    si('PRESSUREUNIT', 'PASCAL'),
    si('THERMODYNAMICTEMPERATUREUNIT', 'KELVIN'),
  ];
  const second = si('TIMEUNIT', 'SECOND');
  units.push(second);
  const watt = units[5]!;
  const kelvin = units[7]!;
  const derived = (type: string, elements: [number, number][]) => {
    const parts = elements.map(([unit, exp]) => w.add(`IFCDERIVEDUNITELEMENT(#${unit},${exp})`));
    return w.add(`IFCDERIVEDUNIT(${refs(parts)},.${type}.,$)`);
  };
  units.push(
    derived('THERMALTRANSMITTANCEUNIT', [
      [watt, 1],
      [metre, -2],
      [kelvin, -1],
    ]),
    derived('VOLUMETRICFLOWRATEUNIT', [
      [metre, 3],
      [second, -1],
    ]),
  );
  const unitAssignment = w.add(`IFCUNITASSIGNMENT(${refs(units)})`);

  const enumerations = new Map<string, number>();
  for (const [name, values] of Object.entries(PROPERTY_ENUMERATIONS)) {
    const list = values.map((v) => `IFCLABEL(${str(v)})`).join(',');
    enumerations.set(name, w.add(`IFCPROPERTYENUMERATION(${str(name)},(${list}),$)`));
  }

  ctx.shared = {
    ownerHistory,
    bodyContext,
    origin,
    dirX,
    dirY,
    dirZ,
    originPlacement,
    alongXPlacement,
    identityOperator,
    enumerations,
  };
  return ctx.object(
    'IFCPROJECT',
    `${str(projectName)},$,$,'Riverside Campus','Stage 4 - Technical design',(#${modelContext}),#${unitAssignment}`,
  );
}

/** The site with address and its placement; aggregated under the project. */
export function writeSite(ctx: GenContext, project: number): { site: number; placement: number } {
  const w = ctx.writer;
  const placement = ctx.placement(null, 0, 0, 0);
  const address = w.add(
    "IFCPOSTALADDRESS(.OFFICE.,$,$,$,('1 Riverside Walk'),$,'London',$,'SE1 9PX','United Kingdom')",
  );
  const site = ctx.object(
    'IFCSITE',
    `'Riverside Campus',$,$,#${placement},$,'Riverside Campus site',.ELEMENT.,(51,30,26,0),(0,-5,47,0),${real(4.5)},'TGL123456',#${address}`,
  );
  ctx.relate('IFCRELAGGREGATES', project, [site], true);
  ctx.occurrencePset(site, 'Pset_SiteCommon', [
    { kind: 'single', name: 'BuildableArea', value: { type: 'IFCAREAMEASURE', value: 24000 } },
    { kind: 'single', name: 'TotalArea', value: { type: 'IFCAREAMEASURE', value: 36500 } },
  ]);
  return { site, placement };
}

/** The Uniclass 2015 system and its EF references with their parent chain; returns code → id. */
export function writeClassifications(ctx: GenContext): {
  uniclass: number;
  references: Map<string, number>;
} {
  const w = ctx.writer;
  const uniclass = w.add(
    "IFCCLASSIFICATION('NBS','v1.30','2023-10-01','Uniclass 2015','UK unified classification for the construction industry','https://uniclass.thenbs.com',('_'))",
  );
  const references = new Map<string, number>();
  const write = (code: string): number => {
    const existing = references.get(code);
    if (existing !== undefined) return existing;
    const [title, parent] = UNICLASS_EF[code]!;
    const parentId = parent === null ? uniclass : write(parent);
    const id = w.add(
      `IFCCLASSIFICATIONREFERENCE(${str(`https://uniclass.thenbs.com/taxon/${code.toLowerCase()}`)},${str(code)},${str(title)},${ref(parentId)},$,$)`,
    );
    references.set(code, id);
    return id;
  };
  for (const code of Object.keys(UNICLASS_EF)) write(code);
  return { uniclass, references };
}

/** A Uniclass reference outside the EF table (products, spaces), parented to the system. */
export function writeFlatReference(ctx: GenContext, uniclass: number, code: string, title: string): number {
  return ctx.writer.add(
    `IFCCLASSIFICATIONREFERENCE(${str(`https://uniclass.thenbs.com/taxon/${code.toLowerCase()}`)},${str(code)},${str(title)},#${uniclass},$,$)`,
  );
}
