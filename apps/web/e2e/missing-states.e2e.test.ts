import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProjectViaApi, signUpViaApi, uploadViaApi, waitForCompletedViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import { browserPagePerTest, expectVisible, screenshot, uniqueEmail } from './harness/browser';

/**
 * Issue 17 point 2: the states a person meets on the way that used to say nothing or the wrong thing.
 */
const baseUrl = e2eBaseUrl();
let context: BrowserContext;
let page: Page;
browserPagePerTest(baseUrl, (session) => {
  ({ context, page } = session);
});

/** A model whose wall and door have properties but no shape: nothing for the viewer to draw. */
const SHAPELESS_IFC = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION((''),'2;1');
FILE_NAME('shapeless.ifc','2026-11-27T00:00:00',(''),(''),'','','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'No Geometry',$,$,$,$,$,#2);
#2=IFCUNITASSIGNMENT((#3));
#3=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#4=IFCSITE('1YvctVUKr0kugbFTf53O9L',$,'Site',$,$,$,$,$,.ELEMENT.,$,$,$,$,$);
#5=IFCBUILDING('2YvctVUKr0kugbFTf53O9L',$,'Building',$,$,$,$,$,.ELEMENT.,$,$,$);
#6=IFCBUILDINGSTOREY('3YvctVUKr0kugbFTf53O9L',$,'Level 1',$,$,$,$,$,.ELEMENT.,0.);
#7=IFCRELAGGREGATES('4YvctVUKr0kugbFTf53O9L',$,$,$,#1,(#4));
#8=IFCRELAGGREGATES('5YvctVUKr0kugbFTf53O9L',$,$,$,#4,(#5));
#9=IFCRELAGGREGATES('6YvctVUKr0kugbFTf53O9L',$,$,$,#5,(#6));
#10=IFCWALL('7YvctVUKr0kugbFTf53O9L',$,'Wall without shape',$,$,$,$,$,.STANDARD.);
#11=IFCDOOR('8YvctVUKr0kugbFTf53O9L',$,'Door without shape',$,$,$,$,$,2.1,0.9,.DOOR.,$,$);
#12=IFCRELCONTAINEDINSPATIALSTRUCTURE('9YvctVUKr0kugbFTf53O9L',$,$,$,(#10,#11),#6);
#13=IFCPROPERTYSINGLEVALUE('FireRating',$,IFCLABEL('EI30'),$);
#14=IFCPROPERTYSET('AYvctVUKr0kugbFTf53O9L',$,'Pset_WallCommon',$,(#13));
#15=IFCRELDEFINESBYPROPERTIES('BYvctVUKr0kugbFTf53O9L',$,$,$,(#10),#14);
ENDSEC;
END-ISO-10303-21;
`;

describe('missing states (issue 17)', () => {
  it('a stale project id says Project Not Found, forgets it, and never opens another project instead', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('stale'),
      password: 'stale-project-2026',
      fullName: 'Sol Stale',
    });
    await createProjectViaApi(context.request, { name: 'Still Here' });
    // A remembered selection of the gone project must not come back either.
    await page.goto('/dashboard');
    const gone = '00000000-0000-4000-8000-000000000000';
    await page.evaluate(
      (id) => localStorage.setItem('plumbline:selection:metadata', JSON.stringify({ project: id })),
      gone,
    );
    await page.goto(`/dashboard?tab=overview&project=${gone}`);
    await expectVisible(page.getByText('Project Not Found', { exact: true }));
    await expectVisible(page.getByText('The selected project is no longer available.'));
    // The URL still names the missing project: nothing switched silently.
    expect(new URL(page.url()).searchParams.get('project')).toBe(gone);
    expect(await page.evaluate(() => localStorage.getItem('plumbline:selection:metadata'))).toBeNull();
    await screenshot(page, 'project-not-found');
    // Every other tab that takes a project says the same, and keeps the missing id in the URL.
    for (const tab of ['dashboard', 'metadata', 'schema', 'team', 'reports']) {
      await page.goto(`/dashboard?tab=${tab}&project=${gone}`);
      await expectVisible(page.getByText('Project Not Found', { exact: true }));
      expect(new URL(page.url()).searchParams.get('project')).toBe(gone);
      expect(await page.getByText('Still Here', { exact: true }).count()).toBe(0);
    }
    await screenshot(page, 'project-not-found-reports');
    await page.getByRole('button', { name: 'Open Still Here' }).click();
    await expectVisible(page.getByText('Generate Reports', { exact: true }));
    expect(await page.getByText('Project Not Found', { exact: true }).count()).toBe(0);
    await page.goto(`/dashboard?tab=overview&project=${gone}`);
    await page.getByRole('button', { name: 'Open Still Here' }).click();
    await expectVisible(page.getByRole('group', { name: 'Elements', exact: true }));
  });

  it('Metadata Explorer: a create-project prompt without projects, Selection Required, the only file chosen, no geometry said', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('shapeless'),
      password: 'shapeless-model-2026',
      fullName: 'Shay Shapeless',
    });
    await page.goto('/dashboard?tab=metadata');
    await expectVisible(page.getByText('No projects yet'));
    await expectVisible(page.getByRole('button', { name: 'New Project' }));
    expect(await page.getByTestId('selection-bar').count()).toBe(0);
    await screenshot(page, 'metadata-no-projects');

    const project = await createProjectViaApi(context.request, { name: 'Shapeless' });
    const { bim_file: file } = await uploadViaApi(
      context.request,
      `/api/v1/projects/${project.id}/bimfiles`,
      {
        name: 'shapeless.ifc',
        buffer: Buffer.from(SHAPELESS_IFC),
      },
    );
    await waitForCompletedViaApi(context.request, project.id, file.id);

    // The viewer switched on before anything is chosen says what to do.
    await page.goto('/dashboard?tab=metadata');
    await page.getByRole('switch', { name: '3D Viewer & AI Assistant' }).click();
    await expectVisible(page.getByText('Selection Required', { exact: true }));
    await expectVisible(page.getByText('Please select a project to view the 3D model.'));
    await expectVisible(page.getByText('Use the project and file selectors above to choose what to view.'));
    await screenshot(page, 'metadata-viewer-selection-required');

    // The project has one file: choosing the project chooses it, and its processed version.
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Shapeless' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('file')).toBe(file.id);
    await expect.poll(() => new URL(page.url()).searchParams.get('version')).not.toBeNull();
    // The model loads but has nothing to draw: the viewer says so instead of a blank canvas.
    await expectVisible(page.getByText('This model has no 3D geometry to show.', { exact: false }));
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await screenshot(page, 'metadata-viewer-no-geometry');
  });

  it('/contact is a page, not a 404', async () => {
    await page.goto('/contact');
    await expectVisible(page.getByRole('heading', { name: 'Contact us' }));
    await expectVisible(page.getByRole('heading', { name: 'Enterprise plans and larger limits' }));
    expect(await page.getByText('Page not found').count()).toBe(0);
  });
});
