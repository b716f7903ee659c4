import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type BcfReportOptions, buildBcfReport, writeBcfReport } from './bcf';
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

/** The layout most of these tests read: BCF 3.0, one topic per failing element. */
const perElement30: BcfReportOptions = { version: '3.0', grouping: 'element' };

describe('BCF reporter', () => {
  it('writes bcf.version 3.0, extensions.xml and one topic per failing element', () => {
    const { bytes, topicCount, omittedFindings } = buildBcfReport(failingReport, perElement30);
    const files = unpack(bytes);
    expect(files['bcf.version']).toContain('<Version VersionId="3.0"/>');
    expect(files['extensions.xml']).toContain(
      '<TopicLabel>Walls carry a fire rating &amp; material</TopicLabel>',
    );
    // 3 failing walls + 1 specification failing as a whole (required, nothing applicable)
    expect(topicCount).toBe(4);
    expect(omittedFindings).toBe(0);
    expect(topicFolders(files)).toHaveLength(4);
    for (const folder of topicFolders(files))
      expect(folder).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-/);
  });

  it('adds no extra topic for a specification whose failure its elements already explain', () => {
    const [walls, ...rest] = failingReport.specifications;
    const explained = { ...walls!, reason: 'elementsFailed' as const };
    expect(
      buildBcfReport({ ...failingReport, specifications: [explained, ...rest] }, perElement30).topicCount,
    ).toBe(4);
  });

  it('puts the reasons in the description and the GlobalId in the viewpoint selection', () => {
    const files = unpack(buildBcfReport(failingReport, perElement30).bytes);
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
      '- Pset_WallCommon.FireRating has value &quot;F90&quot;, expected matching pattern EI[0-9]{2,3}',
    );
    expect(markup).toContain('<Filename>AC20-FZK-Haus.ifc</Filename>');
    const viewpoint = files[`${folder}/viewpoint.bcfv`]!;
    expect(viewpoint).toMatch(
      /<Selection>\s*<Component IfcGuid="0DWgwt6o1FOx7466fPk\$jl"\/>\s*<\/Selection>/,
    );
  });

  it('gives a topic without a viewpoint to an element that has no GlobalId', () => {
    const files = unpack(buildBcfReport(failingReport, perElement30).bytes);
    const markupName = Object.keys(files).find((name) => files[name]!.includes('IFCWALL #1733'))!;
    expect(files[markupName]).not.toContain('<Viewpoints>');
    expect(Object.keys(files).filter((name) => name.startsWith(markupName.split('/')[0]!))).toHaveLength(1);
  });

  it('is byte-for-byte the same on a rerun, and topic GUIDs depend only on specification and element', () => {
    const first = buildBcfReport(failingReport, perElement30).bytes;
    expect(buildBcfReport(failingReport, perElement30).bytes).toEqual(first);
    // Another run at another time, with the walls in another order: same topic folders.
    const walls = failingReport.specifications[0]!;
    const reordered = {
      ...failingReport,
      checkedAt: '2026-12-01T10:00:00.000Z',
      specifications: [
        { ...walls, failingElements: [...walls.failingElements].reverse() },
        ...failingReport.specifications.slice(1),
      ],
    };
    expect(topicFolders(unpack(buildBcfReport(reordered, perElement30).bytes)).sort()).toEqual(
      topicFolders(unpack(first)).sort(),
    );
  });

  it('groups by element type: one topic per specification and class, its viewpoint selecting each failing element', () => {
    const report = manyFailuresReport(12);
    const failing = report.specifications.flatMap((spec) => spec.failingElements);
    const classes = new Set(failing.map((e) => e.className));
    const { bytes, topicCount } = buildBcfReport(report, { version: '3.0' });
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
    expect(Object.keys(unpack(buildBcfReport(passingReport, perElement30).bytes)).sort()).toEqual([
      'bcf.version',
      'extensions.xml',
    ]);
    expect(Object.keys(unpack(buildBcfReport(passingReport).bytes))).toEqual(['bcf.version']);
  });

  it('caps the topics and ends with a summary topic saying how many elements were left out', () => {
    const { bytes, topicCount, omittedFindings, omittedElements } = buildBcfReport(manyFailuresReport(120), {
      ...perElement30,
      maxTopics: 50,
    });
    const files = unpack(bytes);
    expect(topicCount).toBe(50);
    expect(omittedFindings).toBe(71);
    expect(omittedElements).toBe(71);
    expect(topicFolders(files)).toHaveLength(50);
    const note = Object.values(files).find((text) => text.includes('TopicType="Info"'))!;
    expect(note).toContain('<Title>71 failing elements not in this BCF (71 topics left out)</Title>');
    expect(note).toContain('This BCF holds 49 of 120 element topics');
    expect(note).toContain('To get them all:');
  });

  it('explains an element of a prohibited specification in its topic', () => {
    const files = unpack(buildBcfReport(prohibitedFailingReport, perElement30).bytes);
    const markup = Object.entries(files).find(([name]) => name.endsWith('/markup.bcf'))![1];
    expect(markup).toContain('- matches a prohibited specification: it must not be in the model');
    expect(topicFolders(files)).toHaveLength(1);
  });
});

describe('BCF 2.1 and 3.0 from the same topics', () => {
  const identified = {
    ...failingReport,
    model: {
      ...failingReport.model,
      sha256: 'a'.repeat(64),
      headerFileName: 'C:\\Projects\\Haus\\AC20-FZK-Haus-export.ifc',
      headerTimeStamp: '2024-03-05T10:11:12',
      projectGlobalId: '0lY6P5Ur90TAQnnnI6wtnb',
    },
  };

  it('writes 2.1 by default, in 2.1 layout, with the same topic GUIDs as 3.0', () => {
    const v21 = unpack(buildBcfReport(identified, { grouping: 'element' }).bytes);
    const v30 = unpack(buildBcfReport(identified, perElement30).bytes);
    expect(v21['bcf.version']).toContain('<Version VersionId="2.1">');
    expect(v21['extensions.xml']).toBeUndefined();
    expect(topicFolders(v21).sort()).toEqual(topicFolders(v30).sort());
    const name = Object.keys(v21).find(
      (n) => n.endsWith('/markup.bcf') && v21[n]!.includes('0DWgwt6o1FOx7466fPk$jl'),
    )!;
    const markup = v21[name]!;
    expect(markup).toContain('<Labels>Walls carry a fire rating &amp; material</Labels>');
    expect(markup).toMatch(
      /<\/Topic>\s*<Viewpoints Guid="[0-9a-f-]{36}">\s*<Viewpoint>viewpoint.bcfv<\/Viewpoint>/,
    );
    const viewpoint = v21[name.replace('markup.bcf', 'viewpoint.bcfv')]!;
    expect(viewpoint).toMatch(/<Color Color="E5484D">\s*<Component IfcGuid="0DWgwt6o1FOx7466fPk\$jl"\/>/);
    expect(viewpoint).not.toContain('<AspectRatio>');
  });

  it('names the model as its IFC header does, with its date and IfcProject, in both versions', () => {
    const v21 = Object.values(unpack(buildBcfReport(identified).bytes)).find((t) => t.includes('<Markup>'))!;
    expect(v21).toMatch(
      /<File IfcProject="0lY6P5Ur90TAQnnnI6wtnb" isExternal="true">\s*<Filename>AC20-FZK-Haus-export.ifc<\/Filename>\s*<Date>2024-03-05T10:11:12<\/Date>/,
    );
    const v30 = Object.values(unpack(buildBcfReport(identified, { version: '3.0' }).bytes)).find((t) =>
      t.includes('<Markup>'),
    )!;
    expect(v30).toMatch(
      /<Files>\s*<File IfcProject="0lY6P5Ur90TAQnnnI6wtnb" IsExternal="true">\s*<Filename>AC20-FZK-Haus-export.ifc<\/Filename>\s*<Date>2024-03-05T10:11:12<\/Date>/,
    );
  });

  it('colours nothing in 3.0: both tested readers import no topic from a 3.0 <Coloring>', () => {
    const files = unpack(buildBcfReport(failingReport, perElement30).bytes);
    const viewpoints = Object.entries(files).filter(([name]) => name.endsWith('.bcfv'));
    expect(viewpoints.length).toBeGreaterThan(0);
    for (const [, text] of viewpoints) expect(text).not.toContain('<Coloring>');
  });

  it('is written entry by entry: the streamed archive is the built one, in chunks no bigger than a topic', async () => {
    // 2,000 failing elements, one topic each, no cap: the archive is megabytes, every chunk small.
    const report = manyFailuresReport(2_000);
    const options: BcfReportOptions = { grouping: 'element', maxTopics: 30_000 };
    const chunks: Uint8Array[] = [];
    const counts = await writeBcfReport(
      report,
      (chunk) => {
        chunks.push(chunk);
      },
      options,
    );
    const built = buildBcfReport(report, options);
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
    expect(same(Buffer.concat(chunks), built.bytes)).toBe(true);
    expect(counts.topicCount).toBe(2_000);
    expect(counts.omittedFindings).toBe(0);
    expect(built.bytes.length).toBeGreaterThan(2_000_000);
    // Every member is its own chunk; only the central directory (about 100 bytes a member) grows.
    expect(chunks).toHaveLength(4_002);
    expect(Math.max(...chunks.slice(0, -1).map((chunk) => chunk.length))).toBeLessThan(4096);
    expect(chunks[chunks.length - 1]!.length).toBeLessThan(100 * 4_002);
    expect(topicFolders(unpack(built.bytes))).toHaveLength(2_000);
    // The independent path: fflate's zipSync of the same members, in the same order and time.
    const members = unzipSync(built.bytes);
    expect(same(zipSync(members, { level: 6, mtime: new Date(report.checkedAt) }), built.bytes)).toBe(true);
  }, 60_000);
});
