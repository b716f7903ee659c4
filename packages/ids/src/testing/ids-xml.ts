/** Builds small IDS documents for tests. */
export interface SpecOptions {
  readonly name?: string;
  readonly ifcVersion?: string;
  /** Attributes of <applicability>, e.g. 'minOccurs="0" maxOccurs="unbounded"'. */
  readonly occurs?: string;
  readonly applicability: string;
  readonly requirements?: string;
}

export function spec(o: SpecOptions): string {
  const req = o.requirements === undefined ? '' : `<requirements>${o.requirements}</requirements>`;
  return `<specification name="${o.name ?? 'Spec'}" ifcVersion="${o.ifcVersion ?? 'IFC4'}">
    <applicability ${o.occurs ?? 'maxOccurs="unbounded"'}>${o.applicability}</applicability>${req}
  </specification>`;
}

export function ids(...specs: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <info><title>Test IDS</title></info>
  <specifications>${specs.join('\n')}</specifications>
</ids>`;
}

export const sv = (v: string) => `<simpleValue>${v}</simpleValue>`;
export const entity = (name: string, predefinedType?: string) =>
  `<entity><name>${sv(name)}</name>${predefinedType ? `<predefinedType>${sv(predefinedType)}</predefinedType>` : ''}</entity>`;
export const pattern = (p: string, base = 'string') =>
  `<xs:restriction base="xs:${base}"><xs:pattern value="${p}"/></xs:restriction>`;
export const enumeration = (values: string[], base = 'string') =>
  `<xs:restriction base="xs:${base}">${values.map((v) => `<xs:enumeration value="${v}"/>`).join('')}</xs:restriction>`;
