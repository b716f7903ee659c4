/**
 * The XML documents of a BCF 2.1 archive (buildingSMART BCF-XML, release 2.1): bcf.version, a
 * topic's markup.bcf and its viewpoint .bcfv. 2.1 differs from 3.0 in layout, not in content: the
 * header's File without a Files wrapper, repeated <Labels>, <Viewpoints> beside the Topic, colours
 * listing components directly, no AspectRatio; extensions.xsd is optional and not written.
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

export function versionXml21(): string {
  return `${declaration}
<Version VersionId="2.1">
  <DetailedVersion>2.1</DetailedVersion>
</Version>
`;
}

export function markupXml21(topic: BcfTopic, context: BcfMarkupContext): string {
  const { file } = context;
  const project = file?.ifcProject ? ` IfcProject="${x(file.ifcProject)}"` : '';
  const header = file
    ? `  <Header>
    <File${project} isExternal="true">
${fileChildren(file, '      ')}    </File>
  </Header>
`
    : '';
  const labels = topic.labels.map((label) => `    <Labels>${x(label)}</Labels>\n`).join('');
  const viewpoints = topic.viewpointGuid
    ? `  <Viewpoints Guid="${topic.viewpointGuid}">
    <Viewpoint>${x(context.viewpointFileName)}</Viewpoint>
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
  </Topic>
${viewpoints}</Markup>
`;
}

/**
 * A viewpoint selecting its elements, everything else visible, and colouring them in 2.1's own
 * layout (Color > Component), which both readers tested accept (decision 0161).
 */
export function viewpointXml21(guid: string, ifcGuids: readonly string[], color: string): string {
  return renderTemplate(viewpointParts21(guid, ifcGuids, color), x);
}

/** The same document as text and runs of component lines, GlobalIds unescaped (deflate-lines.ts). */
export function viewpointParts21(guid: string, ifcGuids: readonly string[], color: string): TemplatePart[] {
  return [
    `${declaration}
<VisualizationInfo Guid="${guid}">
  <Components>
    <Selection>
`,
    componentLines(ifcGuids, '      '),
    `    </Selection>
    <Visibility DefaultVisibility="true"/>
    <Coloring>
      <Color Color="${x(color)}">
`,
    componentLines(ifcGuids, '        '),
    `      </Color>
    </Coloring>
  </Components>
  <PerspectiveCamera>
${CAMERA_POSE}  </PerspectiveCamera>
</VisualizationInfo>
`,
  ];
}
