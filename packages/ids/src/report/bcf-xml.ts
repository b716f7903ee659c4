/**
 * The XML documents of a BCF 3.0 archive (buildingSMART BCF-XML, release 3.0): bcf.version,
 * extensions.xml, a topic's markup.bcf and its viewpoint .bcfv. Element order follows the XSDs,
 * which use xs:sequence throughout.
 */
import { escapeXml as x } from './escape';

const declaration = '<?xml version="1.0" encoding="UTF-8"?>';

export function versionXml(): string {
  return `${declaration}
<Version VersionId="3.0"/>
`;
}

export interface BcfExtensions {
  readonly topicTypes: readonly string[];
  readonly topicStatuses: readonly string[];
  readonly topicLabels: readonly string[];
  readonly users: readonly string[];
}

export function extensionsXml(extensions: BcfExtensions): string {
  const list = (outer: string, inner: string, values: readonly string[]) =>
    values.length === 0
      ? ''
      : `  <${outer}>\n${values.map((value) => `    <${inner}>${x(value)}</${inner}>`).join('\n')}\n  </${outer}>\n`;
  return `${declaration}
<Extensions>
${list('TopicTypes', 'TopicType', extensions.topicTypes)}${list('TopicStatuses', 'TopicStatus', extensions.topicStatuses)}${list('TopicLabels', 'TopicLabel', extensions.topicLabels)}${list('Users', 'User', extensions.users)}</Extensions>
`;
}

export interface BcfTopicMarkup {
  readonly guid: string;
  readonly topicType: string;
  readonly topicStatus: string;
  readonly title: string;
  readonly labels: readonly string[];
  /** xs:dateTime */
  readonly creationDate: string;
  readonly creationAuthor: string;
  readonly description: string;
  /** The model the topic is about, as an external file reference. */
  readonly modelFileName: string | null;
  /** Viewpoint guid and file name inside the topic folder, when the topic has one. */
  readonly viewpoint: { readonly guid: string; readonly fileName: string } | null;
}

export function markupXml(topic: BcfTopicMarkup): string {
  const header = topic.modelFileName
    ? `  <Header>
    <Files>
      <File IsExternal="true">
        <Filename>${x(topic.modelFileName)}</Filename>
      </File>
    </Files>
  </Header>
`
    : '';
  const labels =
    topic.labels.length > 0
      ? `    <Labels>\n${topic.labels.map((label) => `      <Label>${x(label)}</Label>`).join('\n')}\n    </Labels>\n`
      : '';
  const viewpoints = topic.viewpoint
    ? `    <Viewpoints>
      <ViewPoint Guid="${topic.viewpoint.guid}">
        <Viewpoint>${x(topic.viewpoint.fileName)}</Viewpoint>
      </ViewPoint>
    </Viewpoints>
`
    : '';
  return `${declaration}
<Markup>
${header}  <Topic Guid="${topic.guid}" TopicType="${x(topic.topicType)}" TopicStatus="${x(topic.topicStatus)}">
    <Title>${x(topic.title)}</Title>
${labels}    <CreationDate>${x(topic.creationDate)}</CreationDate>
    <CreationAuthor>${x(topic.creationAuthor)}</CreationAuthor>
    <Description>${x(topic.description)}</Description>
${viewpoints}  </Topic>
</Markup>
`;
}

export interface BcfViewpoint {
  readonly guid: string;
  /** IFC GlobalIds (22 characters) of the elements to select and colour. */
  readonly ifcGuids: readonly string[];
  /** RRGGBB colour for the element. */
  readonly color: string;
}

/**
 * A viewpoint selecting and colouring its elements (one, or every failing element of a type), everything else visible. BCF 3.0 requires a
 * camera; a check report has no geometry, so this is a fixed isometric view looking at the origin
 * from the south-west, and viewers are expected to zoom to the selection.
 */
export function viewpointXml(viewpoint: BcfViewpoint): string {
  const component = viewpoint.ifcGuids.map((guid) => `<Component IfcGuid="${x(guid)}"/>`).join('\n      ');
  return `${declaration}
<VisualizationInfo Guid="${viewpoint.guid}">
  <Components>
    <Selection>
      ${component}
    </Selection>
    <Visibility DefaultVisibility="true"/>
    <Coloring>
      <Color Color="${x(viewpoint.color)}">
        <Components>
          ${component}
        </Components>
      </Color>
    </Coloring>
  </Components>
  <PerspectiveCamera>
    <CameraViewPoint><X>-20</X><Y>-20</Y><Z>20</Z></CameraViewPoint>
    <CameraDirection><X>0.57735027</X><Y>0.57735027</Y><Z>-0.57735027</Z></CameraDirection>
    <CameraUpVector><X>0.40824829</X><Y>0.40824829</Y><Z>0.81649658</Z></CameraUpVector>
    <FieldOfView>60</FieldOfView>
    <AspectRatio>1.77777778</AspectRatio>
  </PerspectiveCamera>
</VisualizationInfo>
`;
}
