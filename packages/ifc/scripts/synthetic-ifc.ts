/**
 * Writes a synthetic IFC4 model of a given size for benchmarking the reader (not a realistic
 * building: walls, doors and windows with placements, a little geometry, property and quantity
 * sets, types, materials, classifications, storeys). The official generator is @plumbline/ifc-gen (packages/ifc-gen).
 *
 *   npx tsx packages/ifc/scripts/synthetic-ifc.ts <out.ifc> <megabytes>
 */
import { createWriteStream } from 'node:fs';

const [out = '/tmp/synthetic.ifc', megabytes = '50'] = process.argv.slice(2);
const targetBytes = Number(megabytes) * 1024 * 1024;
const stream = createWriteStream(out);
let written = 0;
let buffer: string[] = [];
let bufferedChars = 0;
const line = (s: string) => {
  buffer.push(s);
  bufferedChars += s.length + 1;
  if (bufferedChars > 1 << 20) flush();
};
const flush = () => {
  const chunk = `${buffer.join('\n')}\n`;
  stream.write(chunk);
  written += chunk.length;
  buffer = [];
  bufferedChars = 0;
};

const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const guid = () => {
  let s = '';
  for (let i = 0; i < 22; i++) s += chars[Math.floor(random() * 64)];
  return s;
};

line('ISO-10303-21;');
line('HEADER;');
line("FILE_DESCRIPTION(('ViewDefinition [ReferenceView]'),'2;1');");
line(
  "FILE_NAME('synthetic.ifc','2026-01-01T00:00:00',('Plumbline'),('Plumbline'),'','synthetic-ifc.ts','');",
);
line("FILE_SCHEMA(('IFC4'));");
line('ENDSEC;');
line('DATA;');
let next = 1;
const add = (s: string) => {
  const id = next++;
  line(`#${id}=${s};`);
  return id;
};

const oh = add('IFCOWNERHISTORY(#2,#3,$,.ADDED.,$,$,$,0)');
add('IFCPERSONANDORGANIZATION(#4,#5,$)');
add("IFCAPPLICATION(#5,'1','Synthetic','Syn')");
add("IFCPERSON($,'Doe','John',$,$,$,$,$)");
add("IFCORGANIZATION($,'Plumbline',$,$,$)");
const mm = add('IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.)');
const m2 = add('IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.)');
const m3 = add('IFCSIUNIT(*,.VOLUMEUNIT.,$,.CUBIC_METRE.)');
const units = add(`IFCUNITASSIGNMENT((#${mm},#${m2},#${m3}))`);
const origin = add('IFCCARTESIANPOINT((0.,0.,0.))');
const world = add(`IFCAXIS2PLACEMENT3D(#${origin},$,$)`);
const context = add(`IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#${world},$)`);
const project = add(`IFCPROJECT('${guid()}',#${oh},'Synthetic project',$,$,$,$,(#${context}),#${units})`);
const site = add(`IFCSITE('${guid()}',#${oh},'Site',$,$,$,$,$,.ELEMENT.,$,$,$,$,$)`);
const building = add(`IFCBUILDING('${guid()}',#${oh},'Building',$,$,$,$,$,.ELEMENT.,$,$,$)`);
add(`IFCRELAGGREGATES('${guid()}',#${oh},$,$,#${project},(#${site}))`);
add(`IFCRELAGGREGATES('${guid()}',#${oh},$,$,#${site},(#${building}))`);
const storeys: number[] = [];
for (let s = 0; s < 20; s++) {
  storeys.push(add(`IFCBUILDINGSTOREY('${guid()}',#${oh},'Level ${s}',$,$,$,$,$,.ELEMENT.,${s * 3000}.)`));
}
add(`IFCRELAGGREGATES('${guid()}',#${oh},$,$,#${building},(${storeys.map((s) => `#${s}`).join(',')}))`);
const classification = add("IFCCLASSIFICATION('CSI',$,$,'Uniclass 2015',$,$,$)");
const parentRef = add(`IFCCLASSIFICATIONREFERENCE($,'EF_25',$,#${classification},$,$)`);
const classRef = add(`IFCCLASSIFICATIONREFERENCE($,'EF_25_10','Walls',#${parentRef},$,$)`);
const concrete = add("IFCMATERIAL('Concrete C30/37',$,'Concrete')");
const plaster = add("IFCMATERIAL('Gypsum plaster',$,'Plaster')");
const layer1 = add(`IFCMATERIALLAYER(#${concrete},200.,$,'Core',$,'LoadBearing',$)`);
const layer2 = add(`IFCMATERIALLAYER(#${plaster},15.,$,'Finish',$,'Finish',$)`);
const layerSet = add(`IFCMATERIALLAYERSET((#${layer1},#${layer2}),'Wall 215',$)`);

const kinds = [
  { cls: 'IFCWALL', type: 'IFCWALLTYPE', pre: 'STANDARD', pset: 'Pset_WallCommon', extra: '' },
  { cls: 'IFCDOOR', type: 'IFCDOORTYPE', pre: 'DOOR', pset: 'Pset_DoorCommon', extra: '2100.,900.,' },
  {
    cls: 'IFCWINDOW',
    type: 'IFCWINDOWTYPE',
    pre: 'WINDOW',
    pset: 'Pset_WindowCommon',
    extra: '1200.,1000.,',
  },
];
const types = kinds.map((k, i) => {
  const props = [
    add(`IFCPROPERTYSINGLEVALUE('Reference',$,IFCIDENTIFIER('T-${i}'),$)`),
    add("IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI60'),$)"),
    add("IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(.F.),$)"),
  ];
  const pset = add(
    `IFCPROPERTYSET('${guid()}',#${oh},'${k.pset}',$,(${props.map((p) => `#${p}`).join(',')}))`,
  );
  const typeArgs = k.cls === 'IFCWALL' ? `.${k.pre}.` : `.${k.pre}.,$,$,$,$`;
  return add(`${k.type}('${guid()}',#${oh},'${k.cls} type',$,$,(#${pset}),$,$,$,${typeArgs})`);
});

const perType: number[][] = kinds.map(() => []);
const perStorey: number[][] = storeys.map(() => []);
const walls: number[] = [];
for (let e = 0; written + bufferedChars < targetBytes; e++) {
  const k = e % kinds.length;
  const kind = kinds[k]!;
  const x = (e % 100) * 1000;
  const y = Math.floor(e / 100) * 1000;
  const pts: number[] = [];
  for (let p = 0; p < 8; p++)
    pts.push(add(`IFCCARTESIANPOINT((${x + p * 10}.5,${y + p * 7}.25,${p * 100}.))`));
  const loc = add(`IFCCARTESIANPOINT((${x}.,${y}.,0.))`);
  const axis = add(`IFCAXIS2PLACEMENT3D(#${loc},$,$)`);
  const placement = add(`IFCLOCALPLACEMENT($,#${axis})`);
  const poly = add(`IFCPOLYLINE((${pts.map((p) => `#${p}`).join(',')}))`);
  const rep = add(`IFCSHAPEREPRESENTATION(#${context},'Body','Curve3D',(#${poly}))`);
  const shape = add(`IFCPRODUCTDEFINITIONSHAPE($,$,(#${rep}))`);
  const args = k === 0 ? `.${kind.pre}.` : `${kind.extra}.${kind.pre}.,$,$`;
  const id = add(
    `${kind.cls}('${guid()}',#${oh},'${kind.cls.slice(3)} ${e}','Synthetic element',$,#${placement},#${shape},'${e}',${args})`,
  );
  const props = [
    add(`IFCPROPERTYSINGLEVALUE('Reference',$,IFCIDENTIFIER('R-${e}'),$)`),
    add(`IFCPROPERTYSINGLEVALUE('IsExternal',$,IFCBOOLEAN(${e % 2 ? '.T.' : '.F.'}),$)`),
    add(`IFCPROPERTYSINGLEVALUE('LoadBearing',$,IFCBOOLEAN(.T.),$)`),
    add(
      `IFCPROPERTYSINGLEVALUE('ThermalTransmittance',$,IFCTHERMALTRANSMITTANCEMEASURE(${(random() * 2).toFixed(3)}),$)`,
    ),
    add(`IFCPROPERTYSINGLEVALUE('AcousticRating',$,IFCLABEL('Rw ${40 + (e % 20)}'),$)`),
    add(`IFCPROPERTYSINGLEVALUE('Status',$,IFCLABEL('New'),$)`),
  ];
  const pset = add(
    `IFCPROPERTYSET('${guid()}',#${oh},'${kind.pset}',$,(${props.map((p) => `#${p}`).join(',')}))`,
  );
  add(`IFCRELDEFINESBYPROPERTIES('${guid()}',#${oh},$,$,(#${id}),#${pset})`);
  const qs = [
    add(`IFCQUANTITYLENGTH('Length',$,$,${(random() * 10000).toFixed(1)},$)`),
    add(`IFCQUANTITYLENGTH('Height',$,$,3000.,$)`),
    add(`IFCQUANTITYAREA('NetSideArea',$,$,${(random() * 30).toFixed(3)},$)`),
    add(`IFCQUANTITYVOLUME('NetVolume',$,$,${(random() * 8).toFixed(3)},$)`),
  ];
  const qto = add(
    `IFCELEMENTQUANTITY('${guid()}',#${oh},'Qto_${kind.pset.slice(5, -6)}BaseQuantities',$,$,(${qs.map((q) => `#${q}`).join(',')}))`,
  );
  add(`IFCRELDEFINESBYPROPERTIES('${guid()}',#${oh},$,$,(#${id}),#${qto})`);
  perType[k]!.push(id);
  perStorey[e % storeys.length]!.push(id);
  if (k === 0) walls.push(id);
}
const list = (ids: number[]) => `(${ids.map((i) => `#${i}`).join(',')})`;
for (const [k, typeId] of types.entries()) {
  add(`IFCRELDEFINESBYTYPE('${guid()}',#${oh},$,$,${list(perType[k]!)},#${typeId})`);
}
for (const [i, storey] of storeys.entries()) {
  add(`IFCRELCONTAINEDINSPATIALSTRUCTURE('${guid()}',#${oh},$,$,${list(perStorey[i]!)},#${storey})`);
}
const usage = add(`IFCMATERIALLAYERSETUSAGE(#${layerSet},.AXIS2.,.POSITIVE.,0.,$)`);
add(`IFCRELASSOCIATESMATERIAL('${guid()}',#${oh},$,$,${list(walls)},#${usage})`);
add(`IFCRELASSOCIATESCLASSIFICATION('${guid()}',#${oh},$,$,${list(walls)},#${classRef})`);
line('ENDSEC;');
line('END-ISO-10303-21;');
flush();
stream.end(() => {
  const elements = perType.reduce((n, ids) => n + ids.length, 0);
  console.log(
    `${out}: ${(written / 1024 / 1024).toFixed(1)} MB, ${next - 1} instances, ${elements} elements`,
  );
});
