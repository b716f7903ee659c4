/** What the BCF 2.1 and 3.0 documents share: the model file reference and the fixed camera. */
import type { LineRun } from './deflate-lines';
import { escapeXml as x } from './escape';

export const declaration = '<?xml version="1.0" encoding="UTF-8"?>';

/** The model a topic is about, as the markup's header references it. */
export interface BcfModelFile {
  /** The IFC header's FILE_NAME name when it has one, else the file's name. */
  readonly fileName: string | null;
  /** xs:dateTime of the model (its header time stamp, else when it was stored). */
  readonly date: string | null;
  /** GlobalId of the model's IfcProject. */
  readonly ifcProject: string | null;
}

/** What a topic's markup.bcf holds besides the topic itself. */
export interface BcfMarkupContext {
  readonly topicType: string;
  readonly topicStatus: string;
  /** xs:dateTime */
  readonly creationDate: string;
  readonly creationAuthor: string;
  readonly file: BcfModelFile | null;
  readonly viewpointFileName: string;
}

/** The `<File>` element's children (same in 2.1 and 3.0): Filename, then Date. */
export function fileChildren(file: BcfModelFile, indent: string): string {
  return [
    file.fileName ? `${indent}<Filename>${x(file.fileName)}</Filename>\n` : '',
    file.date ? `${indent}<Date>${x(file.date)}</Date>\n` : '',
  ].join('');
}

/**
 * The camera, position, direction and up vector (BCF 3.0 requires a camera, 2.1 readers expect one).
 * A check report has no geometry, so this is a fixed isometric view looking at the origin from the
 * south-west, and viewers are expected to zoom to the selection.
 */
export const CAMERA_POSE = `    <CameraViewPoint><X>-20</X><Y>-20</Y><Z>20</Z></CameraViewPoint>
    <CameraDirection><X>0.57735027</X><Y>0.57735027</Y><Z>-0.57735027</Z></CameraDirection>
    <CameraUpVector><X>0.40824829</X><Y>0.40824829</Y><Z>0.81649658</Z></CameraUpVector>
    <FieldOfView>60</FieldOfView>
`;

/** A viewpoint's `<Component IfcGuid="…"/>` lines, one a GlobalId, as a run deflate-lines.ts writes. */
export function componentLines(ifcGuids: readonly string[], indent: string): LineRun {
  return { prefix: `${indent}<Component IfcGuid="`, values: ifcGuids, suffix: '"/>\n' };
}

/** An xs:dateTime, or null: STEP time stamps are ISO 8601 by the standard, not always in practice. */
export function asXsDateTime(text: string | null | undefined): string | null {
  if (!text) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  const time = match[3] ? match[2] : `${match[2]}:00`;
  const zone = match[5] ? (match[5] === 'Z' ? 'Z' : match[5].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : '';
  const value = `${match[1]}T${time}${zone}`;
  return Number.isNaN(new Date(value).getTime()) ? null : value;
}
