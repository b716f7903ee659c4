/**
 * Times a full IDS check through @plumbline/ids on one IFC file: readIfcFile (read + parallel
 * index), then four
 * specifications typical of practice (property with data type and value, quantity, material and
 * classification, containment in a storey) over walls, doors and windows.
 *
 *   node --import tsx packages/ids/scripts/bench-ids-check.ts <file.ifc> [file.ids]
 *
 * Without an IDS file, the four built-in specifications below are used.
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { readIfcFile } from '@plumbline/ifc';
import { checkModel, parseIds } from '../src/index';

const IDS = `<?xml version="1.0" encoding="UTF-8"?>
<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <ids:info><ids:title>Reader benchmark</ids:title></ids:info>
  <ids:specifications>
    <ids:specification name="Walls are typed and rated" ifcVersion="IFC2X3 IFC4 IFC4X3_ADD2">
      <ids:applicability minOccurs="0" maxOccurs="unbounded"><ids:entity><ids:name><ids:simpleValue>IFCWALL</ids:simpleValue></ids:name></ids:entity></ids:applicability>
      <ids:requirements>
        <ids:property dataType="IFCLABEL"><ids:propertySet><ids:simpleValue>Pset_WallCommon</ids:simpleValue></ids:propertySet><ids:baseName><ids:simpleValue>FireRating</ids:simpleValue></ids:baseName></ids:property>
        <ids:property dataType="IFCBOOLEAN"><ids:propertySet><ids:simpleValue>Pset_WallCommon</ids:simpleValue></ids:propertySet><ids:baseName><ids:simpleValue>IsExternal</ids:simpleValue></ids:baseName><ids:value><ids:simpleValue>false</ids:simpleValue></ids:value></ids:property>
        <ids:material/>
        <ids:classification><ids:system><ids:simpleValue>Uniclass 2015</ids:simpleValue></ids:system></ids:classification>
      </ids:requirements>
    </ids:specification>
    <ids:specification name="Doors and windows have a reference" ifcVersion="IFC2X3 IFC4 IFC4X3_ADD2">
      <ids:applicability minOccurs="0" maxOccurs="unbounded"><ids:entity><ids:name><xs:restriction base="xs:string"><xs:enumeration value="IFCDOOR"/><xs:enumeration value="IFCWINDOW"/></xs:restriction></ids:name></ids:entity></ids:applicability>
      <ids:requirements>
        <ids:property dataType="IFCIDENTIFIER"><ids:propertySet><xs:restriction base="xs:string"><xs:pattern value="Pset_.*Common"/></xs:restriction></ids:propertySet><ids:baseName><ids:simpleValue>Reference</ids:simpleValue></ids:baseName></ids:property>
        <ids:attribute><ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name></ids:attribute>
      </ids:requirements>
    </ids:specification>
    <ids:specification name="Walls are not too long" ifcVersion="IFC2X3 IFC4 IFC4X3_ADD2">
      <ids:applicability minOccurs="0" maxOccurs="unbounded"><ids:entity><ids:name><ids:simpleValue>IFCWALL</ids:simpleValue></ids:name></ids:entity></ids:applicability>
      <ids:requirements>
        <ids:property dataType="IFCLENGTHMEASURE"><ids:propertySet><ids:simpleValue>Qto_WallBaseQuantities</ids:simpleValue></ids:propertySet><ids:baseName><ids:simpleValue>Length</ids:simpleValue></ids:baseName><ids:value><xs:restriction base="xs:double"><xs:maxInclusive value="8"/></xs:restriction></ids:value></ids:property>
      </ids:requirements>
    </ids:specification>
    <ids:specification name="Elements are on a storey" ifcVersion="IFC2X3 IFC4 IFC4X3_ADD2">
      <ids:applicability minOccurs="0" maxOccurs="unbounded"><ids:entity><ids:name><xs:restriction base="xs:string"><xs:enumeration value="IFCWALL"/><xs:enumeration value="IFCDOOR"/><xs:enumeration value="IFCWINDOW"/></xs:restriction></ids:name></ids:entity></ids:applicability>
      <ids:requirements>
        <ids:partOf relation="IFCRELCONTAINEDINSPATIALSTRUCTURE"><ids:entity><ids:name><ids:simpleValue>IFCBUILDINGSTOREY</ids:simpleValue></ids:name></ids:entity></ids:partOf>
      </ids:requirements>
    </ids:specification>
  </ids:specifications>
</ids:ids>`;

const path = process.argv[2];
if (!path) throw new Error('usage: bench-ids-check.ts <file.ifc>');
let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const timer = setInterval(sample, 20);
let gcMs = 0;
const gc = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
});
gc.observe({ entryTypes: ['gc'] });
const idsPath = process.argv[3];
const ids = parseIds(idsPath ? new Uint8Array(readFileSync(idsPath)) : new TextEncoder().encode(IDS));
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const model = await readIfcFile(path);
const t2 = performance.now();
const report = checkModel(model, ids);
const t3 = performance.now();
const cpu = process.cpuUsage(cpu0);
sample();
clearInterval(timer);
gc.disconnect();
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  JSON.stringify({
    file: path,
    megabytes: +((await stat(path)).size / 1048576).toFixed(1),
    specifications: report.specifications.map((x) => `${x.status}`).join(','),
    readAndIndex: s(t2 - t0),
    check: s(t3 - t2),
    total: s(t3 - t0),
    cpu: s((cpu.user + cpu.system) / 1000),
    gc: s(gcMs),
    peakRssMB: Math.round(peak / 1048576),
  }),
);
