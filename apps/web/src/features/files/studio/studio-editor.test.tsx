// @vitest-environment happy-dom
import { applyFix, lintIds } from '@plumbline/ids/lint/index';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { StudioEditor } from './studio-editor';
import type { StudioLinter } from './use-lint';

/** The engine's linter in the test's thread (the page runs it on a web worker). */
const linter: StudioLinter = {
  lint: async (text) => lintIds(text).diagnostics,
  fix: async (text, fix) => applyFix(text, fix),
};

const IDS = `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <info>
    <title>Doors</title>
  </info>
  <specifications>
    <specification name="Fire rating" ifcVersion="IFC4">
      <applicability minOccurs="1" maxOccurs="unbounded">
        <entity>
          <name>
            <simpleValue>IFCDOR</simpleValue>
          </name>
        </entity>
      </applicability>
      <requirements>
        <property dataType="IFCLABEL">
          <propertySet>
            <simpleValue>Pset_DoorCommon</simpleValue>
          </propertySet>
          <baseName>
            <simpleValue>FireRating</simpleValue>
          </baseName>
          <value>
            <xs:restriction base="xs:string">
              <xs:enumeration value="EI30"/>
              <xs:enumeration value="EI60"/>
            </xs:restriction>
          </value>
        </property>
      </requirements>
    </specification>
  </specifications>
</ids>
`;

/** The document texts the editor offers for download, in order (read from the blobs it makes). */
function documentTexts() {
  const blobs: Blob[] = [];
  const original = URL.createObjectURL.bind(URL);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    if (blob instanceof Blob) blobs.push(blob);
    return original(blob);
  });
  return { last: async () => (await blobs.at(-1)?.text()) ?? '' };
}

function renderEditor(text = IDS) {
  return renderWithApp(<StudioEditor initialText={text} fileName="doors.ids" linter={linter} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

const problems = () => screen.findByRole('list', { name: 'Problems' });

describe('StudioEditor', () => {
  it('says each specification in plain language and lists the linter’s problems with their fixes', async () => {
    renderEditor();
    expect(screen.getByRole('heading', { name: 'Specification 1: Fire rating' })).toBeVisible();
    expect(screen.getByTestId('specification-sentence')).toHaveTextContent(
      'Every dor (IFCDOR) must have Pset_DoorCommon.FireRating as text, one of EI30, EI60.',
    );
    const problem = within(await problems()).getByRole('listitem');
    expect(screen.getByTestId('lint-summary')).toHaveTextContent('1 error');
    expect(problem).toHaveTextContent('"IFCDOR" is not an entity of IFC4; did you mean IFCDOOR, IFCPORT?');
    expect(problem).toHaveTextContent('line 11 · entity-unknown');
    expect(within(problem).getByRole('button', { name: 'Replace with IFCDOOR' })).toBeVisible();
    // And at the specification it concerns.
    const card = screen.getByRole('region', { name: 'Specification 1: Fire rating' });
    expect(within(card).getByText(/line 11 · entity-unknown/)).toBeVisible();
  });

  it('shows a problem at its own specification only', async () => {
    const second = IDS.replace(
      '<specifications>',
      `<specifications>
    <specification name="Walls" ifcVersion="IFC4">
      <applicability minOccurs="1" maxOccurs="unbounded">
        <entity><name><simpleValue>IFCWALL</simpleValue></name></entity>
      </applicability>
    </specification>`,
    );
    renderEditor(second);
    await problems();
    const walls = screen.getByRole('region', { name: 'Specification 1: Walls' });
    const doors = screen.getByRole('region', { name: 'Specification 2: Fire rating' });
    expect(within(doors).getByText(/entity-unknown/)).toBeVisible();
    expect(within(walls).queryByText(/entity-unknown/)).toBeNull();
  });

  it('applies a quick fix with one action, and undo and redo take it back and again', async () => {
    const { user } = renderEditor();
    const problem = within(await problems()).getByRole('listitem');
    await user.click(within(problem).getByRole('button', { name: 'Replace with IFCDOOR' }));
    await waitFor(() =>
      expect(screen.getByTestId('specification-sentence')).toHaveTextContent(
        'Every door (IFCDOOR) must have Pset_DoorCommon.FireRating as text, one of EI30, EI60.',
      ),
    );
    await waitFor(() => expect(screen.getByTestId('lint-summary')).toHaveTextContent('No problems'));
    expect(screen.getByText('The linter finds nothing to report.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByTestId('specification-sentence')).toHaveTextContent('Every dor (IFCDOR)');
    await waitFor(() => expect(screen.getByTestId('lint-summary')).toHaveTextContent('1 error'));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(screen.getByTestId('specification-sentence')).toHaveTextContent('Every door (IFCDOOR)');
  });

  it('edits fields through the document, with the keyboard’s undo', async () => {
    const { user } = renderEditor();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Door fire rating');
    expect(screen.getByRole('heading', { name: 'Specification 1: Door fire rating' })).toBeVisible();
    await user.click(screen.getByLabelText('IFC2X3'));
    expect(screen.getByLabelText('IFC2X3')).toBeChecked();
    expect(screen.getByLabelText('IFC4')).toBeChecked();
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByLabelText('IFC2X3')).not.toBeChecked();
    const title = screen.getByLabelText('Title');
    await user.type(title, ' and windows');
    expect(title).toHaveValue('Doors and windows');
    // A name cannot be emptied into nothing: the document keeps the attribute, empty.
    await user.clear(name);
    expect(screen.getByRole('heading', { name: 'Specification 1: Untitled' })).toBeVisible();
  });

  it('sets the specification’s cardinality through its applicability’s occurrences', async () => {
    const { user } = renderEditor();
    const cardinality = screen.getByRole('combobox', { name: 'This specification is' });
    expect(cardinality).toHaveValue('required');
    await user.selectOptions(cardinality, 'prohibited');
    expect(screen.getByRole('combobox', { name: 'This specification is' })).toHaveValue('prohibited');
    // A prohibited specification with requirements is an error the linter names.
    const list = await problems();
    await waitFor(() => expect(list).toHaveTextContent('spec-prohibited-with-requirements'));
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByRole('combobox', { name: 'This specification is' })).toHaveValue('required');
  });

  it('offers a facet’s form when its values fit the fields, and says so when they do not', async () => {
    // Values and a length in one restriction: the fields hold one or the other.
    const bounded = IDS.replace('<xs:enumeration value="EI60"/>', '<xs:maxLength value="4"/>');
    expect(bounded).not.toBe(IDS);
    renderEditor(bounded);
    const requirements = screen.getByRole('region', { name: 'Requirements' });
    expect(within(requirements).queryByRole('button', { name: /^Edit Property/ })).toBeNull();
    expect(within(requirements).getByText(/are edited in the file/)).toBeVisible();
    // Applicability's IFC class is a simple value: its form is offered.
    const applicability = screen.getByRole('region', { name: 'Applies to' });
    expect(within(applicability).getByRole('button', { name: 'Edit IFC class IFCDOR' })).toBeVisible();
  });

  it('says when a text cannot be edited field by field, and still lints it', async () => {
    renderEditor('<ids><info>');
    expect(screen.getByRole('alert')).toHaveTextContent('This file cannot be edited field by field');
    await waitFor(() => expect(screen.getByTestId('lint-summary')).toHaveTextContent(/error/));
  });
  it('writes a specification’s instructions into the file', async () => {
    const texts = documentTexts();
    const { user } = renderEditor();
    await user.type(screen.getByLabelText('Instructions'), 'Check the door schedule');
    await waitFor(async () =>
      expect(await texts.last()).toContain(
        '<specification name="Fire rating" ifcVersion="IFC4" instructions="Check the door schedule">',
      ),
    );
    // Emptied, the attribute goes again.
    await user.clear(screen.getByLabelText('Instructions'));
    await waitFor(async () =>
      expect(await texts.last()).toContain('<specification name="Fire rating" ifcVersion="IFC4">'),
    );
  });

  it('edits a requirement’s lengths, instructions and URI through its form', async () => {
    const lengths = IDS.replace(
      '<xs:enumeration value="EI30"/>\n              <xs:enumeration value="EI60"/>',
      '<xs:maxLength value="4"/>',
    );
    expect(lengths).not.toBe(IDS);
    // The form's choices come from the schema (none needed here).
    mockApi({
      'GET /ids-studio/schema/IFC4': {
        body: { ifc_version: 'IFC4', entities: [], property_sets: [], data_types: [] },
      },
    });
    const texts = documentTexts();
    const { user } = renderEditor(lengths);
    const requirements = screen.getByRole('region', { name: 'Requirements' });
    await user.click(within(requirements).getByRole('button', { name: /^Edit Property/ }));
    const max = screen.getByLabelText('At most this many characters');
    expect(max).toHaveValue('4');
    await user.clear(max);
    await user.type(max, '5');
    await user.type(screen.getByLabelText('Instructions for the modeller'), 'As in the door schedule');
    await user.type(
      screen.getByLabelText('URI (for example a bSDD property)'),
      'https://identifier.buildingsmart.org/uri/buildingsmart/ifc/4.3/prop/FireRating',
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(async () => expect(await texts.last()).toContain('<xs:maxLength value="5"/>'));
    const text = await texts.last();
    expect(text).not.toContain('<xs:maxLength value="4"/>');
    expect(text).toMatch(
      /<property dataType="IFCLABEL"[^>]* uri="https:\/\/identifier\.buildingsmart\.org\/uri\/buildingsmart\/ifc\/4\.3\/prop\/FireRating"/,
    );
    expect(text).toMatch(/<property [^>]*instructions="As in the door schedule"/);
  });
});
