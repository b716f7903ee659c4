import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMemberViaApi, createProjectViaApi, signUpViaApi } from './harness/api';
import { e2eBaseUrl } from './harness/base-url';
import {
  browserPagePerTest,
  expectHidden,
  expectVisible,
  openPage,
  screenshot,
  uniqueEmail,
} from './harness/browser';

const baseUrl = e2eBaseUrl();
let browser: Browser;
let context: BrowserContext;
let page: Page;

browserPagePerTest(baseUrl, (session) => {
  ({ browser, context, page } = session);
});

/** Creates an account in a context of its own, so the page's session stays the one it has. */
async function createOtherAccount(fullName: string, prefix: string) {
  const other = await openPage(browser, baseUrl);
  try {
    const email = uniqueEmail(prefix);
    await signUpViaApi(other.context.request, { email, password: 'other-account-2026', fullName });
    return { email, request: other.context.request, close: () => other.context.close() };
  } catch (error) {
    await other.context.close();
    throw error;
  }
}

/** The number shown on a stats card. */
const statCard = (label: string, value: string) =>
  page.getByRole('group', { name: label }).getByText(value, { exact: true });

describe('the Team Members tab', () => {
  it('lets an Admin add a member by e-mail, change the role and remove them', async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('team-admin'),
      password: 'team-admin-2026',
      fullName: 'Alma Admin',
    });
    await createProjectViaApi(context.request, { name: 'Harbour Tower' });
    const second = await createOtherAccount('Sam Second', 'team-second');
    await second.close();

    await page.goto('/dashboard?tab=team');
    await expectVisible(page.getByRole('heading', { name: 'Team Members' }));
    await expectVisible(page.getByText('Members of Harbour Tower'));
    await expectVisible(statCard('Total Members', '1'));
    await expectVisible(statCard('Admins', '1'));
    const adminRow = page.getByRole('row', { name: /Alma Admin/ });
    await expectVisible(adminRow.getByText('Owner', { exact: true }));
    await expectVisible(adminRow.getByText('The project owner cannot be changed'));
    expect(await adminRow.getByRole('button').count()).toBe(0);

    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
    const email = dialog.getByLabel('Email address');
    const submit = dialog.getByRole('button', { name: 'Add Member' });

    await email.fill('sam at example');
    await submit.click();
    await expectVisible(dialog.getByText('Please enter a valid email address'));

    // An address without an account is invited, answered as an account would be (issue 16).
    const nobody = uniqueEmail('nobody');
    await email.fill(nobody);
    await submit.click();
    await expectVisible(page.getByText(`We sent ${nobody} an e-mail about joining the project.`));
    await expectHidden(dialog);
    const invitedRow = page.getByRole('row', { name: new RegExp(nobody.replace(/[.+]/g, '\\$&')) });
    await expectVisible(invitedRow.getByText('Invited', { exact: true }));
    await expectVisible(statCard('Total Members', '1'));
    await screenshot(page, 'team-invited');
    await invitedRow.getByRole('button', { name: `Revoke the invitation of ${nobody}` }).click();
    await expectVisible(page.getByText('Invitation revoked'));
    await expectHidden(invitedRow);

    await page.getByRole('button', { name: 'Add Member' }).click();
    await email.fill(second.email.toUpperCase());
    await expectVisible(dialog.getByRole('combobox', { name: 'Role' }).getByText('Viewer'));
    await screenshot(page, 'team-add-dialog');
    await submit.click();
    await expectVisible(page.getByText(`We sent ${second.email} an e-mail about joining the project.`));
    await expectHidden(dialog);
    const samRow = page.getByRole('row', { name: /Sam Second/ });
    await expectVisible(samRow.getByText(second.email));
    await expectVisible(samRow.getByText('Viewer', { exact: true }));
    await expectVisible(samRow.getByText('Active', { exact: true }));
    await expectVisible(samRow.getByText('SS', { exact: true }));
    await expectVisible(statCard('Total Members', '2'));
    await expectVisible(statCard('Viewers', '1'));
    await screenshot(page, 'team-tab');

    // Search covers names and e-mails, ignoring case.
    const search = page.getByRole('searchbox', { name: 'Search members' });
    await search.fill('SAM sec');
    await expectHidden(adminRow);
    await expectVisible(samRow);
    await search.fill('no such person');
    await expectVisible(page.getByText('No members match "no such person"'));
    await search.fill('');

    await samRow.getByRole('button', { name: 'Edit role of Sam Second' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Role' });
    await edit.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await edit.getByRole('button', { name: 'Save Role' }).click();
    await expectVisible(page.getByText('Role updated'));
    await expectVisible(samRow.getByText('Editor', { exact: true }));
    await expectVisible(statCard('Editors', '1'));
    await expectVisible(statCard('Viewers', '0'));

    await samRow.getByRole('button', { name: 'Remove Sam Second' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Team Member' });
    await expectVisible(confirm.getByText(/Remove Sam Second .* from Harbour Tower\?/));
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectVisible(page.getByText('Member removed'));
    await expectHidden(samRow);
    await expectVisible(statCard('Total Members', '1'));
  });

  it("shows the plan's member limit, warns from 80 % and shows the server's refusal in its own words", async () => {
    await signUpViaApi(context.request, {
      email: uniqueEmail('team-limit'),
      password: 'team-limit-2026',
      fullName: 'Lena Limit',
    });
    const project = await createProjectViaApi(context.request, { name: 'Full House' });
    // Five more accounts; three join through the API (4 members), two are added in the page.
    const others = [];
    for (const [index, name] of ['Ann One', 'Ben Two', 'Cal Three', 'Dee Four', 'Eve Five'].entries()) {
      const other = await createOtherAccount(name, `team-limit-${index}`);
      await other.close();
      others.push(other.email);
    }
    for (const email of others.slice(0, 3)) {
      await addMemberViaApi(context.request, project.id, { email, role: 'Viewer' });
    }
    // The limit as the server reports it (no plan: 5 members), not a figure of the page's own.
    const limits = await (await context.request.get(`/api/v1/projects/${project.id}/limits`)).json();
    expect(limits.limits.maxUsers).toBe(5);
    expect(limits.usage.users).toBe(4);

    await page.goto(`/dashboard?tab=team&project=${project.id}`);
    const counter = page.getByRole('status', { name: 'Member limit' });
    await expectVisible(counter.getByText('4 of 5 members', { exact: true }));
    await expectVisible(counter.getByText(/Nearly at the .* limit: 1 member left\./));
    await screenshot(page, 'team-member-limit-warning');

    const addMember = async (email: string) => {
      await page.getByRole('button', { name: 'Add Member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
      await dialog.getByLabel('Email address').fill(email);
      await dialog.getByRole('button', { name: 'Add Member' }).click();
      return dialog;
    };
    await addMember(others[3] as string);
    await expectVisible(page.getByText('Invitation sent'));
    await expectVisible(counter.getByText('5 of 5 members', { exact: true }));

    // One more is refused by the server, and its message is what the person reads.
    const dialog = await addMember(others[4] as string);
    await expectVisible(
      dialog.getByText('User limit reached: Projects without a plan allow a maximum of 5 team members.'),
    );
    expect(await dialog.getByText('Please try again').count()).toBe(0);
    await screenshot(page, 'team-member-limit-refused');
  });
});
