import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  receivedMail,
  signIn,
  signInAs,
  waitForMail,
} from './support.ts';

const ADMIN = 'admin@understanding.test';
const SUBJECT = 'Reset your Understanding password';
const NEW_PASSWORD = 'Fresh-start-42';
const UPDATED = 'Your profile has been updated successfully!';
const RESET_SENT = "We've just sent you an email to reset your password.";

type Profile = Record<string, string>;

async function ownId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/user');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** The reset link of the newest reset e-mail to `to` sent after `since`. */
async function resetLinkSince(to: string, since: number): Promise<string> {
  const mail = await waitForMail(to, SUBJECT, since);
  expect(mail.text).toContain('The link works for 1 hour and only once.');
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
  expect(link, 'a reset link in the e-mail').toBeTruthy();
  return link!;
}

async function passwordSignsIn(request: APIRequestContext, baseURL: string | undefined, password: string) {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN, password },
    headers: { origin: new URL(baseURL ?? 'http://127.0.0.1').origin },
  });
  return response.ok();
}

/** Sets the demo password again through a reset by e-mail, for the tests that run after this one. */
async function restoreDemoPassword(request: APIRequestContext, baseURL: string | undefined) {
  if (await passwordSignsIn(request, baseURL, DEMO_PASSWORD)) return;
  const since = Date.now();
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  await request.post('/api/auth/request-password-reset', { data: { email: ADMIN }, headers: { origin } });
  const token = new URL(await resetLinkSince(ADMIN, since)).searchParams.get('token');
  const reset = await request.post('/api/auth/reset-password', {
    data: { token, newPassword: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(reset.ok()).toBe(true);
}

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
}

test('My Profile shows the messages of the rules, saves, and the header shows the new name', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  // Wait for the landing page, so its redirect does not overtake the clicks below.
  await expect(page).toHaveURL(/\/production$/);
  const id = await ownId(page.request);
  const original = (
    (await (await page.request.get(`/api/profile/users?userUuid=${id}`)).json()) as {
      profile: Profile;
    }
  ).profile;
  try {
    await page.getByRole('button', { name: /^Profile menu for / }).click();
    await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-profile/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await expect(field('First name')).toHaveValue(original.firstName!);
    await expect(field('Email')).toHaveAttribute('readonly', '');
    await expectNoAxeViolations(page);

    // Letters only: digits typed into a name are dropped; the mobile is formatted as typed.
    await field('Last name').fill('');
    await field('Last name').pressSequentially('Morgan-Reyes2');
    await expect(field('Last name')).toHaveValue('Morgan-Reyes');
    await field('First name').fill('');
    await field('Mobile').fill('');
    await field('Mobile').pressSequentially('51555');
    await expect(field('Mobile')).toHaveValue('+1 (515) 55');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid Mobile Number', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await field('First name').fill('Casey');
    await field('Mobile').press('End');
    await field('Mobile').pressSequentially('50142');
    await field('City').fill('');
    await field('City').pressSequentially('Des Moines');
    await field('Postal code').fill('');
    await field('Postal code').pressSequentially('50309-2314');
    await page.getByRole('button', { name: 'Update' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(UPDATED);
    await expect(page.getByTestId('signed-in-user')).toHaveText('Casey Morgan-Reyes');
    await page.reload();
    await expect(field('Mobile')).toHaveValue('+1 (515) 555-0142');
    await expect(field('City')).toHaveValue('Des Moines');

    // Someone else's profile is refused by the server: its data never shows.
    const users = (await (await page.request.get('/api/agency/users')).json()) as {
      users: { userUuid: string; email: string }[];
    };
    const owner = users.users.find((u) => u.email === 'owner@understanding.test')!;
    await page.goto(`/my-profile/${owner.userUuid}`);
    await expect(page.getByRole('alert')).toContainText('You can only see and change your own profile.');
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Open your own profile' }).click();
    await expect(field('First name')).toHaveValue('Casey');
  } finally {
    const restored = await page.request.put('/api/profile/users', { data: { ...original, userUuid: id } });
    expect(restored.ok()).toBe(true);
  }
});

test('Reset password e-mails a link that works once and ends every session', async ({
  page,
  browser,
  baseURL,
}) => {
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await signInAs(other, ADMIN, baseURL);
    expect((await other.request.get('/api/user')).status()).toBe(200);

    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/production$/);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Profile' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const since = Date.now();
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toHaveText(RESET_SENT);
    const link = await resetLinkSince(ADMIN, since);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    const rule = (label: string) => page.getByRole('listitem').filter({ hasText: label });
    await page.getByLabel(/^New password/).pressSequentially('fresh');
    await expect(rule('A lowercase letter')).toHaveAttribute('data-met', 'true');
    await expect(rule('An uppercase letter')).toHaveAttribute('data-met', 'false');
    await expect(rule('At least 8 characters')).toHaveAttribute('data-met', 'false');
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    for (const label of ['At least 8 characters', 'An uppercase letter', 'A number', 'A special character']) {
      await expect(rule(label)).toHaveAttribute('data-met', 'true');
    }
    await page.getByLabel(/^Confirm new password/).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText("Password doesn't match", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await setNewPassword(page, NEW_PASSWORD);
    await expect(page.getByRole('status')).toContainText('Your password has been changed.');
    await expectNoAxeViolations(page);

    // The other browser's session has ended.
    expect((await other.request.get('/api/user')).status()).toBe(401);
    await other.goto('/helpDesk');
    await expect(other).toHaveURL(/\/auth\/auth0$/);

    // The new password signs in, through the form.
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/auth0$/);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('organisation-name')).toBeVisible();

    // The link works once.
    await page.goto(link);
    await setNewPassword(page, 'Another-one-7');
    await expect(page.getByRole('alert')).toContainText(
      'This link to reset your password does not work any more',
    );
    await expectNoAxeViolations(page);

    // A new link from the forgotten-password page sets the demo password back.
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    const again = Date.now();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await expect(page.getByRole('status')).toContainText(
      `If ${ADMIN} is the address of an Understanding account`,
    );
    await expectNoAxeViolations(page);
    await page.goto(await resetLinkSince(ADMIN, again));
    await setNewPassword(page, DEMO_PASSWORD);
    await expect(page.getByRole('status')).toContainText('Your password has been changed.');
    expect(await passwordSignsIn(page.request, baseURL, DEMO_PASSWORD)).toBe(true);
  } finally {
    await elsewhere.close();
    await restoreDemoPassword(page.request, baseURL);
  }
});

test('the sign-in page links to the forgotten-password page, which never tells whether an account exists', async ({
  page,
}) => {
  await page.goto('/auth/auth0');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The page's code loads on the way: its form, not the route's loading state, is what axe checks.
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const since = Date.now();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nobody@understanding.test');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(
    'If nobody@understanding.test is the address of an Understanding account',
  );
  // The app answers once SMTP has taken any message, so one for this address would be here by now.
  expect(
    receivedMail().filter((m) => m.receivedAt >= since && m.to.includes('nobody@understanding.test')),
  ).toEqual([]);
});
