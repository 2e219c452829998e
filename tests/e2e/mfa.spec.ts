import { expect, test, type Page } from '@playwright/test';
import { referenceTotp } from './reference-totp.ts';
import { DEMO_PASSWORD, expectNoAxeViolations, signInAs, waitForMail } from './support.ts';

/** Signs in through the form, stopping wherever the app goes next (set-up, second step or shell). */
async function passwordSignIn(page: Page, email: string) {
  await page.goto('/auth/auth0');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function logOutFromThankYou(page: Page) {
  await page.getByRole('link', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/auth\/auth0$/);
}

test('several methods: the user chooses the authenticator app, sets it up at the next sign-in, then signs in with its codes', async ({
  page,
}) => {
  const email = 'mfa-choice@understanding.test';
  await passwordSignIn(page, email);
  await expect(page).toHaveURL(/\/mfa\/setup$/);
  for (const name of ['Use Authenticator App', 'Use Email', 'No Thanks']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Use Authenticator App' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/we will use Authenticator/)).toBeVisible();
  await expectNoAxeViolations(page);
  await logOutFromThankYou(page);

  // First sign-in with the app: QR code and key, confirmed with a code computed outside the app.
  await passwordSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'QR code to add Understanding to your authenticator app' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = referenceTotp(secret);
  await page
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(code === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/That code is not right. Check it and try again./);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const recoveryCodes = (await page.getByLabel('Recovery codes').textContent())!.match(
    /[a-z0-9]{5}-[a-z0-9]{5}/g,
  )!;
  expect(recoveryCodes).toHaveLength(10);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('organisation-name')).toBeVisible();
  await expect(page).not.toHaveURL(/\/mfa\/setup$/);

  // Later sign-ins ask for the code (the next step's: a code works once), or a recovery code.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/auth0$/);
  await passwordSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Enter your authentication code' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(referenceTotp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('organisation-name')).toBeVisible();

  await page.goto('/logout');
  await passwordSignIn(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('organisation-name')).toBeVisible();
});

test('one method (e-mail): enrolled at once, then a code by e-mail at each sign-in', async ({ page }) => {
  const email = 'mfa-email@understanding.test';
  await passwordSignIn(page, email);
  await expect(page).toHaveURL(/\/mfa\/setup$/);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/we will use Email/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use Email' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await logOutFromThankYou(page);

  const since = Date.now();
  await passwordSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(
    page.getByText(/We sent a 6-digit code to m\*+@understanding\.test\. It expires in 10 minutes\./),
  ).toBeVisible();
  const mail = await waitForMail(email, 'Your Understanding sign-in code', since);
  const code = /code for Understanding is: (\d{6})/.exec(mail.text)![1]!;
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Sign-in code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('organisation-name')).toBeVisible();

  // The same code does not open a second sign-in.
  await page.goto('/logout');
  await passwordSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Sign-in code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(/That code is not right/);
});

test('no method allowed: opted out at /mfa/setup, and never asked again', async ({ page }) => {
  const email = 'mfa-none@understanding.test';
  await passwordSignIn(page, email);
  await expect(page.getByTestId('organisation-name')).toBeVisible();
  await page.goto('/mfa/setup');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/not ask again/)).toBeVisible();
  await logOutFromThankYou(page);
  await passwordSignIn(page, email);
  await expect(page.getByTestId('organisation-name')).toBeVisible();
});

test("staff reset a user's MFA, and the user chooses again", async ({ page, baseURL }) => {
  const email = 'mfa-app@understanding.test';
  await passwordSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/we will use Authenticator/)).toBeVisible();
  await page.context().clearCookies();

  await signInAs(page, 'staff@understanding.test', baseURL);
  const found = await page.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  const { users } = (await found.json()) as { users: { userUuid: string; email: string }[] };
  const userUuid = users.find((u) => u.email === email)!.userUuid;
  await page.goto(`/admin/users/${userUuid}`);
  const section = page.getByRole('region', { name: 'Multi-factor sign-in' });
  await expect(section.getByText('Method: Authenticator app (set up at the next sign-in)')).toBeVisible();
  await section.getByRole('button', { name: 'Reset MFA' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, reset MFA' })
    .click();
  await expect(section.getByText('Method: Has not chosen a method')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().clearCookies();

  await passwordSignIn(page, email);
  await expect(page).toHaveURL(/\/mfa\/setup$/);
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
});
