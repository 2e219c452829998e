import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInAs, waitForMail } from './support.ts';

const OWNER = 'owner@understanding.test';
const PASSWORD = 'Welcome-aboard-7';

/** The messages of spec part 2 §5, exactly. */
const REQUIRED = 'Required';
const INVALID_EMAIL = 'Invalid Email';
const INVALID_MOBILE = 'Invalid Mobile Number';
const PASSWORD_TOO_SHORT = 'Password must contain at least 8 characters.';
const PASSWORD_TOO_WEAK =
  'Password must contain at least one uppercase, one number and one special case character.';
const PASSWORD_MISMATCH = "Password doesn't match";
const TERMS_NOT_ACCEPTED = 'You must accept Terms & Conditions';

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Types into a field and leaves it, as a user does (the form checks a field once it was left). */
async function typeAndLeave(locator: Locator, text: string) {
  await locator.fill(text);
  await locator.press('Tab');
}

const rule = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Your password needs' }).getByRole('listitem').filter({ hasText: label });

test('an owner invites a new user, who registers through the e-mailed link once', async ({
  page,
  baseURL,
}) => {
  const since = Date.now();
  const email = `new.agent.${since}@example.test`;

  // The owner invites through the Users page.
  await signInAs(page, OWNER, baseURL);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite user' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.type('Rosa');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Lee');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: `An invitation was sent to ${email}.` }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Rosa Lee');

  // The e-mail arrives over SMTP with the registration link.
  const mail = await waitForMail(email, 'Invitation to join', since);
  expect(mail.text).toContain('has invited you to join');
  expect(mail.text).toMatch(/expires on /);
  const link = /(https?:\/\/\S+\/register\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(link, 'the registration link in the e-mail').toBeTruthy();

  // The invitee opens it, signed out.
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'First name')).toHaveValue('Rosa');
  await expectNoAxeViolations(page);

  // Each rule, with its message.
  await typeAndLeave(field(page, 'First name'), '');
  await expect(field(page, 'First name')).toHaveAccessibleDescription(REQUIRED);
  await typeAndLeave(field(page, 'Email'), 'rosa@');
  await expect(field(page, 'Email')).toHaveAccessibleDescription(INVALID_EMAIL);
  await typeAndLeave(field(page, 'Mobile'), '555');
  await expect(field(page, 'Mobile')).toHaveAccessibleDescription(new RegExp(INVALID_MOBILE));
  const password = field(page, 'Password');
  await typeAndLeave(password, 'abc');
  await expect(password).toHaveAccessibleDescription(PASSWORD_TOO_SHORT);
  await expect(rule(page, 'At least 8 characters')).toHaveAttribute('data-met', 'false');
  await expect(rule(page, 'A lowercase letter')).toHaveAttribute('data-met', 'true');
  await password.fill('abcdefgh');
  await expect(password).toHaveAccessibleDescription(PASSWORD_TOO_WEAK);
  await expect(rule(page, 'At least 8 characters')).toHaveAttribute('data-met', 'true');
  await expect(rule(page, 'An uppercase letter')).toHaveAttribute('data-met', 'false');
  const confirm = field(page, 'Confirm password');
  await typeAndLeave(confirm, 'abcdefgx');
  await expect(confirm).toHaveAccessibleDescription(PASSWORD_MISMATCH);
  const submit = page.getByRole('button', { name: 'Submit' });
  const terms = page.getByRole('checkbox', { name: /^I accept the Terms & Conditions/ });
  await expect(submit).toBeDisabled();
  await terms.check();
  await expect(submit).toBeEnabled();
  await terms.uncheck();
  await expect(page.getByText(TERMS_NOT_ACCEPTED)).toBeVisible();
  await expect(submit).toBeDisabled();
  await expectNoAxeViolations(page);

  // Typing filters: letters only in names, postal-code characters, a formatted US mobile.
  await field(page, 'First name').pressSequentially('Ro5sa');
  await expect(field(page, 'First name')).toHaveValue('Rosa');
  await field(page, 'Postal code').pressSequentially('50a309');
  await expect(field(page, 'Postal code')).toHaveValue('50309');

  // Everything fixed.
  await field(page, 'Email').fill(email);
  await field(page, 'City').fill('Des Moines');
  await field(page, 'Mobile').fill('');
  await field(page, 'Mobile').pressSequentially('5155550123');
  await expect(field(page, 'Mobile')).toHaveValue('+1 (515) 555-0123');
  await password.fill(PASSWORD);
  for (const label of ['At least 8 characters', 'An uppercase letter', 'A lowercase letter', 'A number']) {
    await expect(rule(page, label)).toHaveAttribute('data-met', 'true');
  }
  await expect(rule(page, 'A special character')).toHaveAttribute('data-met', 'true');
  await confirm.fill(PASSWORD);
  await terms.check();
  for (const message of [REQUIRED, INVALID_EMAIL, INVALID_MOBILE, PASSWORD_TOO_WEAK, PASSWORD_MISMATCH]) {
    await expect(page.getByText(message, { exact: true })).toHaveCount(0);
  }
  await submit.click();

  const created = page.getByRole('dialog', { name: 'Account created successfully' });
  await expect(created).toBeVisible();
  await expectNoAxeViolations(page);
  await created.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/production$/);
  await expect(page.getByTestId('organisation-name')).toBeVisible();

  // The link worked once.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Unable to process request' })).toBeVisible();
  await expect(page.getByText(/has already been used/)).toBeVisible();
  await expect(
    page.getByText('If you think you are receiving this message in error, please contact us.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
