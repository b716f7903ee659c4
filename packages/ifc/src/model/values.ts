/** Turning StepValues into IfcValues (JS scalars with their IFC data type) and converting them to SI. */
import type { IfcValue, StepValue } from '../model';
import type { Conversion } from './units';

/** Scalars of a value: a typed value, a bare literal, or (flattened) a list of them. */
export function toIfcValues(
  v: StepValue | undefined,
  declaredType: string | null = null,
  out: IfcValue[] = [],
): IfcValue[] {
  if (!v) return out;
  switch (v.kind) {
    case 'typed':
      return toIfcValues(v.value, v.type, out);
    case 'list':
      for (const item of v.items) toIfcValues(item, declaredType, out);
      return out;
    case 'string':
      out.push({ value: v.value, dataType: declaredType, isReal: false });
      return out;
    case 'integer':
      out.push({ value: v.value, dataType: declaredType, isReal: false });
      return out;
    case 'real':
      out.push({ value: v.value, dataType: declaredType, isReal: true });
      return out;
    case 'enum':
      out.push({ value: enumScalar(v.value, declaredType), dataType: declaredType, isReal: false });
      return out;
    case 'binary':
      out.push({ value: v.value, dataType: declaredType, isReal: false });
      return out;
    default:
      return out; // null, derived and references carry no scalar
  }
}

/** The scalar `decodeScalarFields` read, as toIfcValues would give it (kind other than 'null'/'other'). */
export function scalarValue(
  kind: 'integer' | 'real' | 'string' | 'enum' | 'binary',
  declaredType: string | null,
  number: number,
  text: string,
): IfcValue {
  switch (kind) {
    case 'integer':
      return { value: number, dataType: declaredType, isReal: false };
    case 'real':
      return { value: number, dataType: declaredType, isReal: true };
    case 'enum':
      return { value: enumScalar(text, declaredType), dataType: declaredType, isReal: false };
    default:
      return { value: text, dataType: declaredType, isReal: false };
  }
}

/** .T./.F. are booleans (IfcBoolean, IfcLogical); .U. stays 'UNKNOWN'; other enums stay strings. */
function enumScalar(value: string, declaredType: string | null): string | boolean {
  if (value === 'T' || value === 'F') {
    if (declaredType === null || declaredType === 'IFCBOOLEAN' || declaredType === 'IFCLOGICAL')
      return value === 'T';
  }
  if (value === 'U' && (declaredType === null || declaredType === 'IFCLOGICAL')) return 'UNKNOWN';
  return value;
}

/** The values in SI units; the same array when no value needs converting. */
export function convertToSI(
  values: readonly IfcValue[],
  conversionOf: (dataType: string | null) => Conversion | null,
): readonly IfcValue[] {
  let out: IfcValue[] | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (typeof v.value !== 'number') continue;
    const c = conversionOf(v.dataType);
    if (!c || (c.scale === 1 && c.offset === 0)) continue;
    out ??= values.slice();
    out[i] = { value: v.value * c.scale + c.offset, dataType: v.dataType, isReal: v.isReal };
  }
  return out ?? values;
}
