import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildBcfReport } from './bcf';
import { failingReport, manyFailuresReport, passingReport, prohibitedFailingReport } from './fixtures';

const decoder = new TextDecoder();
function unpack(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes);
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, decoder.decode(data)]));
}
const topicFolders = (files: Record<string, string>) =>
  Object.keys(files)
    .filter((name) => name.endsWith('/markup.bcf'))
    .map((name) => name.split('/')[0]!);

describe('BCF reporter', () => {
  it('writes bcf.version 3.0, extensions.xml and one topic per failing element', () => {
    const { bytes, topicCount, omittedCount } = buildBcfReport(failingReport);
    const files = unpack(bytes);
    expect(files['bcf.version']).toContain('<Version VersionId="3.0"/>');
    expect(files['extensions.xml']).toContain(
      '<TopicLabel>Walls carry a fire rating &amp; material</TopicLabel>',
    );
    // 3 failing walls + 1 specification failing as a whole (required, nothing applicable)
    expect(topicCount).toBe(4);
    expect(omittedCount).toBe(0);
    expect(topicFolders(files)).toHaveLength(4);
    for (const folder of topicFolders(files))
      expect(folder).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-/);
  });

  it('adds no extra topic for a specification whose failure its elements already explain', () => {
    const [walls, ...rest] = failingReport.specifications;
    const explained = { ...walls!, reason: '3 of 5 applicable elements fail the requirements' };
    expect(buildBcfReport({ ...failingReport, specifications: [explained, ...rest] }).topicCount).toBe(4);
  });

  it('puts the reasons in the description and the GlobalId in the viewpoint selection', () => {
    const files = unpack(buildBcfReport(failingReport).bytes);
    const markupName = Object.keys(files).find(
      (name) => name.endsWith('/markup.bcf') && files[name]!.includes('0DWgwt6o1FOx7466fPk$jl'),
    )!;
    const markup = files[markupName]!;
    const folder = markupName.split('/')[0]!;
    expect(markup).toContain(`<Topic Guid="${folder}" TopicType="Error" TopicStatus="Open">`);
    expect(markup).toContain(
      '<Title>Walls carry a fire rating &amp; material: IFCWALL Basic Wall:Interior - 100mm</Title>',
    );
    expect(markup).toContain('<Label>Walls carry a fire rating &amp; material</Label>');
    expect(markup).toContain('<CreationDate>2026-11-22T08:15:30.000Z</CreationDate>');
    expect(markup).toContain('<CreationAuthor>Plumbline</CreationAuthor>');
    expect(markup).toContain(
      '- Pset_WallCommon.FireRating &apos;F90&apos; does not match pattern EI[0-9]{2,3}',
    );
    expect(markup).toContain('<Filename>AC20-FZK-Haus.ifc</Filename>');
    const viewpoint = files[`${folder}/viewpoint.bcfv`]!;
    expect(viewpoint).toMatch(
      /<Selection>\s*<Component IfcGuid="0DWgwt6o1FOx7466fPk\$jl"\/>\s*<\/Selection>/,
    );
  });

  it('gives a topic without a viewpoint to an element that has no GlobalId', () => {
    const files = unpack(buildBcfReport(failingReport).bytes);
    const markupName = Object.keys(files).find((name) => files[name]!.includes('IFCWALL #1733'))!;
    expect(files[markupName]).not.toContain('<Viewpoints>');
    expect(Object.keys(files).filter((name) => name.startsWith(markupName.split('/')[0]!))).toHaveLength(1);
  });

  it('is byte-for-byte the same on a rerun, and topic GUIDs depend only on specification and element', () => {
    const first = buildBcfReport(failingReport).bytes;
    expect(buildBcfReport(failingReport).bytes).toEqual(first);
    // Another run at another time, with the walls in another order: same topic folders.
    const walls = failingReport.specifications[0]!;
    const reordered = {
      ...failingReport,
      checkedAt: '2026-12-01T10:00:00.000Z',
      specifications: [
        { ...walls, elements: [...walls.elements].reverse() },
        ...failingReport.specifications.slice(1),
      ],
    };
    expect(topicFolders(unpack(buildBcfReport(reordered).bytes)).sort()).toEqual(
      topicFolders(unpack(first)).sort(),
    );
  });

  it('groups by element type: one topic per specification and class, its viewpoint selecting each failing element', () => {
    const report = manyFailuresReport(12);
    const failing = report.specifications.flatMap((spec) => spec.elements.filter((e) => !e.passed));
    const classes = new Set(failing.map((e) => e.className));
    const { bytes, topicCount } = buildBcfReport(report, { grouping: 'type' });
    expect(topicCount).toBe(classes.size);
    const files = unpack(bytes);
    for (const className of classes) {
      const ofClass = failing.filter((e) => e.className === className);
      const markupName = Object.keys(files).find(
        (name) =>
          name.endsWith('/markup.bcf') && files[name]!.includes(`: ${ofClass.length} ${className} element`),
      )!;
      expect(markupName).toBeDefined();
      const viewpoint = files[`${markupName.split('/')[0]}/viewpoint.bcfv`]!;
      const selection = /<Selection>([\s\S]*?)<\/Selection>/.exec(viewpoint)![1]!;
      expect(selection.match(/<Component /g)).toHaveLength(ofClass.filter((e) => e.globalId).length);
      for (const element of ofClass) if (element.globalId) expect(selection).toContain(element.globalId);
    }
  });

  it('has no topics when everything passes', () => {
    const files = unpack(buildBcfReport(passingReport).bytes);
    expect(Object.keys(files).sort()).toEqual(['bcf.version', 'extensions.xml']);
  });

  it('caps the topics and ends with a note saying how many were left out', () => {
    const { bytes, topicCount, omittedCount } = buildBcfReport(manyFailuresReport(120), { maxTopics: 50 });
    const files = unpack(bytes);
    expect(topicCount).toBe(50);
    expect(omittedCount).toBe(71);
    expect(topicFolders(files)).toHaveLength(50);
    const note = Object.values(files).find((text) => text.includes('TopicType="Info"'))!;
    expect(note).toContain('<Title>71 more findings not exported</Title>');
    expect(note).toContain('the first 49 of 120 findings');
  });

  it('explains an element of a prohibited specification in its topic', () => {
    const files = unpack(buildBcfReport(prohibitedFailingReport).bytes);
    const markup = Object.entries(files).find(([name]) => name.endsWith('/markup.bcf'))![1];
    expect(markup).toContain('- matches a prohibited specification: it must not be in the model');
    expect(topicFolders(files)).toHaveLength(1);
  });
});
