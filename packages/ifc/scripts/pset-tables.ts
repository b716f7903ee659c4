/**
 * Property-set and quantity-set templates for src/schema/generated/pset-templates-*.ts, read by
 * generate-schema.ts. Sources (see ../shared/ifc-schemas/SOURCES.md):
 *  - IFC4: buildingSMART's PSD XML files of IFC4 ADD2 TC1 (psets/Psets-ifc4-add2-tc1.zip);
 *  - IFC4X3_ADD2: the PSD XML files of IFC4.3 annex A (psets/annex-a-psd.zip);
 *  - IFC2X3: no PSD release is at hand, so buildingSMART's validation-service table for IFC2X3
 *    (ifc-validity/resources/IFC2X3/pset_definitions.csv, MIT) is read instead.
 *
 * Property kinds: s single, e enumerated, b bounded, l list, t table, r reference, c complex,
 * q quantity (its type is then the quantity class, e.g. IfcQuantityLength).
 */
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

export interface PropertyTemplate {
  readonly name: string;
  readonly kind: 's' | 'e' | 'b' | 'l' | 't' | 'r' | 'c' | 'q';
  /** The measure or value type (single, bounded, list, reference), the enumeration's name, or the quantity class. */
  readonly type: string;
  /** Enumeration values as the template lists them (EnumList items only). */
  readonly values: readonly string[];
}

export interface SetTemplate {
  readonly name: string;
  readonly templateType: string;
  readonly applicableClasses: readonly string[];
  readonly applicableTypeValue: string;
  readonly properties: readonly PropertyTemplate[];
}

/** The members of a zip archive (stored or deflated), by name. */
export function readZip(path: string): Map<string, Buffer> {
  const zip = readFileSync(path);
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error(`${path}: not a zip archive`);
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let n = 0; n < entries; n++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    if (!name.endsWith('/')) out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

const KIND_OF: Record<string, PropertyTemplate['kind']> = {
  TypePropertySingleValue: 's',
  TypePropertyEnumeratedValue: 'e',
  TypePropertyBoundedValue: 'b',
  TypePropertyListValue: 'l',
  TypePropertyTableValue: 't',
  TypePropertyReferenceValue: 'r',
  TypeComplexProperty: 'c',
};

const QUANTITY_CLASS: Record<string, string> = {
  Q_LENGTH: 'IfcQuantityLength',
  Q_AREA: 'IfcQuantityArea',
  Q_VOLUME: 'IfcQuantityVolume',
  Q_COUNT: 'IfcQuantityCount',
  Q_WEIGHT: 'IfcQuantityWeight',
  Q_TIME: 'IfcQuantityTime',
  Q_NUMBER: 'IfcQuantityNumber',
};

const text = (xml: string, tag: string): string =>
  (new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '').trim();

/** One PSD XML file (PropertySetDef or QtoSetDef) as a template. */
export function parsePsd(xml: string): SetTemplate {
  const head = xml.slice(0, xml.search(/<(PropertyDefs|QtoDefs)>/));
  const templateType = /templatetype="([A-Z_]*)"/.exec(xml)?.[1] ?? '';
  const applicableClasses = [
    ...(/<ApplicableClasses>([\s\S]*?)<\/ApplicableClasses>/.exec(head)?.[1] ?? '').matchAll(
      /<ClassName>([^<]*)<\/ClassName>/g,
    ),
  ].map((m) => m[1]!.trim());
  const properties: PropertyTemplate[] = [];
  for (const m of xml.matchAll(/<(PropertyDef|QtoDef)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g)) {
    const body = m[2]!;
    const name = text(body, 'Name');
    if (m[1] === 'QtoDef') {
      const q = text(body, 'QtoType');
      properties.push({ name, kind: 'q', type: QUANTITY_CLASS[q] ?? q, values: [] });
      continue;
    }
    const kindTag = /<(Type\w+)[\s>/]/.exec(body)?.[1] ?? '';
    const kind = KIND_OF[kindTag];
    if (!kind) throw new Error(`unknown property type ${kindTag} in ${name}`);
    if (kind === 'e') {
      const list = /<EnumList(?:\s+name="([^"]*)")?\s*(?:\/>|>([\s\S]*?)<\/EnumList>)/.exec(body);
      const values = [...(list?.[2] ?? '').matchAll(/<EnumItem>([^<]*)<\/EnumItem>/g)].map((v) =>
        v[1]!.trim(),
      );
      properties.push({ name, kind, type: list?.[1] ?? '', values });
    } else {
      const type = /<DataType\s+type="([^"]*)"/.exec(body)?.[1] ?? /reftype="([^"]*)"/.exec(body)?.[1] ?? '';
      properties.push({ name, kind, type, values: [] });
    }
  }
  return {
    name: text(head, 'Name'),
    templateType,
    applicableClasses,
    applicableTypeValue: text(head, 'ApplicableTypeValue'),
    properties,
  };
}

/** Every PSD file of a zip archive, by set name. */
export function templatesFromZip(path: string): SetTemplate[] {
  const out: SetTemplate[] = [];
  for (const [name, data] of readZip(path)) {
    if (name.endsWith('.xml')) out.push(parsePsd(data.toString('utf8')));
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** RFC 4180 CSV rows (quoted fields with doubled quotes). */
export function parseCsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f !== ''));
}

/**
 * A Python literal of lists, dicts, strings and None, as the validation service's tables write them
 * (a few of the IFC2X3 rows lose a string's opening quote: `'instance': IfcPositivePlaneAngleMeasure'`).
 */
function pythonLiteral(source: string): unknown {
  return JSON.parse(
    source
      .replace(/: (Ifc\w+)'/g, ": '$1'")
      .replace(/'((?:[^'\\]|\\.)*)'/g, (_, s: string) => JSON.stringify(s.replace(/\\'/g, "'")))
      .replace(/\bNone\b/g, 'null')
      // Bare words left where a string belongs (`'unit_type': [IfcPositiveRatioMeasure]`).
      .replace(/([[:,]\s*)([A-Za-z_]\w*)(?=\s*[\]},])/g, (m, pre: string, word: string) =>
        word === 'null' || word === 'true' || word === 'false' ? m : `${pre}"${word}"`,
      ),
  );
}

const KIND_OF_CLASS: Record<string, PropertyTemplate['kind']> = {
  IfcPropertySingleValue: 's',
  IfcPropertyEnumeratedValue: 'e',
  IfcPropertyBoundedValue: 'b',
  IfcPropertyListValue: 'l',
  IfcPropertyTableValue: 't',
  IfcPropertyReferenceValue: 'r',
  IfcComplexProperty: 'c',
};

/** The validation service's pset_definitions.csv (IFC2X3 has no template type column). */
export function templatesFromCsv(path: string): SetTemplate[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  const col = (name: string) => header!.indexOf(name);
  return rows.map((r) => {
    const defs = pythonLiteral(r[col('property_definitions')] ?? '[]') as {
      property_name: string;
      property_type: string;
      data_type?: { instance?: string | null; values?: unknown };
    }[];
    return {
      name: r[col('Name')]!,
      templateType: col('template_type') >= 0 ? (r[col('template_type')] ?? '') : '',
      applicableClasses: pythonLiteral(r[col('applicable_entities')] || '[]') as string[],
      applicableTypeValue: r[col('applicable_type_value')] ?? '',
      properties: defs.map((d) => ({
        name: d.property_name,
        kind: KIND_OF_CLASS[d.property_type] ?? 'q',
        type: KIND_OF_CLASS[d.property_type] ? (d.data_type?.instance ?? '') : (d.property_type ?? ''),
        values:
          d.property_type === 'IfcPropertyEnumeratedValue' && Array.isArray(d.data_type?.values)
            ? d.data_type.values
            : [],
      })),
    };
  });
}

/** The encoded table: JSON `[[name, templateType, [classes], typeValue, [[property, kind, type, [values]]…]]…]`. */
export function encodeSetTemplates(templates: readonly SetTemplate[]): string {
  return JSON.stringify(
    templates.map((t) => [
      t.name,
      t.templateType,
      t.applicableClasses,
      t.applicableTypeValue,
      t.properties.map((p) => [p.name, p.kind, p.type, p.values]),
    ]),
  );
}
