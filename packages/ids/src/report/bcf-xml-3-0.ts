/**
 * The XML documents of a BCF 3.0 archive (buildingSMART BCF-XML, release 3.0): bcf.version,
 * extensions.xml, a topic's markup.bcf and its viewpoint .bcfv. Element order follows the XSDs,
 * which use xs:sequence throughout.
 */
import type { BcfTopic } from './bcf-topics';
import {
  type BcfMarkupContext,
  CAMERA_POSE,
  componentLines,
  declaration,
  fileChildren,
} from './bcf-xml-shared';
import { renderTemplate, type TemplatePart } from './deflate-lines';
import { escapeXml as x } from './escape';

export function versionXml30(): string {
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

export function extensionsXml30(extensions: BcfExtensions): string {
  const list = (outer: string, inner: string, values: readonly string[]) =>
    values.length === 0
      ? ''
      : `  <${outer}>\n${values.map((value) => `    <${inner}>${x(value)}</${inner}>`).join('\n')}\n  </${outer}>\n`;
  return `${declaration}
<Extensions>
${list('TopicTypes', 'TopicType', extensions.topicTypes)}${list('TopicStatuses', 'TopicStatus', extensions.topicStatuses)}${list('TopicLabels', 'TopicLabel', extensions.topicLabels)}${list('Users', 'User', extensions.users)}</Extensions>
`;
}

export function markupXml30(topic: BcfTopic, context: BcfMarkupContext): string {
  const { file } = context;
  const project = file?.ifcProject ? ` IfcProject="${x(file.ifcProject)}"` : '';
  const header = file
    ? `  <Header>
    <Files>
      <File${project} IsExternal="true">
${fileChildren(file, '        ')}      </File>
    </Files>
  </Header>
`
    : '';
  const labels =
    topic.labels.length > 0
      ? `    <Labels>\n${topic.labels.map((label) => `      <Label>${x(label)}</Label>`).join('\n')}\n    </Labels>\n`
      : '';
  const viewpoints = topic.viewpointGuid
    ? `    <Viewpoints>
      <ViewPoint Guid="${topic.viewpointGuid}">
        <Viewpoint>${x(context.viewpointFileName)}</Viewpoint>
      </ViewPoint>
    </Viewpoints>
`
    : '';
  return `${declaration}
<Markup>
${header}  <Topic Guid="${topic.guid}" TopicType="${x(context.topicType)}" TopicStatus="${x(context.topicStatus)}">
    <Title>${x(topic.title)}</Title>
${labels}    <CreationDate>${x(context.creationDate)}</CreationDate>
    <CreationAuthor>${x(context.creationAuthor)}</CreationAuthor>
    <Description>${x(topic.description)}</Description>
${viewpoints}  </Topic>
</Markup>
`;
}

/**
 * A viewpoint selecting its elements (one, or every failing element of a type), everything else
 * visible. No <Coloring>: @parametricos/bcf-js 0.2.6 and That Open's BCFTopics 3.4.8 read it in the
 * 2.1 layout and then import no topic at all (decision 0161); the selection marks the elements.
 */
export function viewpointXml30(guid: string, ifcGuids: readonly string[]): string {
  return renderTemplate(viewpointParts30(guid, ifcGuids), x);
}

/** The same document as text and a run of component lines, GlobalIds unescaped (deflate-lines.ts). */
export function viewpointParts30(guid: string, ifcGuids: readonly string[]): TemplatePart[] {
  return [
    `${declaration}
<VisualizationInfo Guid="${guid}">
  <Components>
    <Selection>
`,
    componentLines(ifcGuids, '      '),
    `    </Selection>
    <Visibility DefaultVisibility="true"/>
  </Components>
  <PerspectiveCamera>
${CAMERA_POSE}    <AspectRatio>1.77777778</AspectRatio>
  </PerspectiveCamera>
</VisualizationInfo>
`,
  ];
}
