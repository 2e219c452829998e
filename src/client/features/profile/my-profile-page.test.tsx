import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_MOBILE, REQUIRED } from '#shared/contracts/account-fields.ts';
import {
  NOT_YOUR_PROFILE,
  PROFILE_UPDATED,
  RESET_EMAIL_SENT,
  type Profile,
} from '#shared/contracts/profile.ts';
import { appRoutes } from '#client/app/router.tsx';
import { DIGEST_SAVED } from '#shared/contracts/digest.ts';
import { DIGEST_DAY_MESSAGE } from '#shared/domain/digest.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { agencyUser, agencyUserProfile, shellApi } from '#tests/support/shell-api.ts';

const saved = agencyUserProfile;

afterEach(() => vi.unstubAllGlobals());

function start(path = `/my-profile/${agencyUser.id}`) {
  const api = shellApi();
  let profile = saved;
  api.handlers['/api/profile/users'] = (init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Profile;
      profile = { ...profile, ...body };
      return { status: 200, body: { profile } };
    }
    return { status: 200, body: { profile } };
  };
  let digest = { mode: 'off', day: null as number | null };
  api.handlers['/api/profile/digest'] = (init) => {
    if (init?.method === 'PUT') digest = JSON.parse(init.body as string) as typeof digest;
    const answer = {
      ...digest,
      offered: true,
      reason: null,
      scopeName: 'Prairie Oak',
      emailAddress: 'x@y.test',
    };
    return { status: 200, body: answer };
  };
  vi.stubGlobal('fetch', api.fetchImpl);
  renderRoutes(appRoutes, path);
  return api;
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const puts = (api: ReturnType<typeof shellApi>) =>
  api.calls.filter((c) => c.url === '/api/profile/users' && c.init?.method === 'PUT');

describe('My Profile', () => {
  it('shows the profile with a read-only e-mail and the mobile formatted', async () => {
    start();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Olive')).toBe(field('First name'));
    expect(field('Email')).toHaveValue(agencyUser.email);
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('Mobile')).toHaveValue('+1 (515) 555-0142');
    expect(field('Postal code')).toHaveValue('50010');
  });

  it('filters what is typed, shows the shared messages, then saves and says so', async () => {
    const api = start();
    await screen.findByDisplayValue('Olive');
    await userEvent.clear(field('First name'));
    await userEvent.type(field('First name'), 'Mary 2Ann');
    expect(field('First name')).toHaveValue('Mary Ann');
    await userEvent.clear(field('City'));
    await userEvent.type(field('City'), 'Des Moines 5');
    expect(field('City')).toHaveValue('Des Moines ');
    await userEvent.clear(field('Postal code'));
    await userEvent.type(field('Postal code'), '50309-ab2314');
    expect(field('Postal code')).toHaveValue('50309-2314');

    await userEvent.clear(field('Last name'));
    await userEvent.clear(field('Mobile'));
    await userEvent.type(field('Mobile'), '51555');
    expect(field('Mobile')).toHaveValue('+1 (515) 55');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(INVALID_MOBILE)).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);

    await userEvent.type(field('Last name'), "O'Neil");
    await userEvent.type(field('Mobile'), '50199');
    const userCalls = api.calls.filter((c) => c.url === '/api/user').length;
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PROFILE_UPDATED);
    expect(JSON.parse(puts(api)[0]!.init!.body as string)).toEqual({
      ...saved,
      firstName: 'Mary Ann',
      lastName: "O'Neil",
      city: 'Des Moines',
      postalCode: '50309-2314',
      areaCode: '515',
      phoneNumber: '5550199',
    });
    // The header's name is read again.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/api/user').length).toBeGreaterThan(userCalls),
    );
  });

  it("shows the server's message on a failed update and keeps what was typed", async () => {
    const api = start();
    await screen.findByDisplayValue('Olive');
    api.handlers['/api/profile/users'] = (init) =>
      init?.method === 'PUT'
        ? {
            status: 400,
            body: {
              error: {
                code: 'bad_request',
                message: 'Some fields are not valid: state.',
                fields: { state: 'At most 100 characters' },
              },
              referenceId: 'r-1',
            },
          }
        : { status: 200, body: { profile: saved } };
    await userEvent.clear(field('State'));
    await userEvent.type(field('State'), 'Somewhere');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid: state.');
    expect(screen.getByText('At most 100 characters')).toBeInTheDocument();
    expect(field('State')).toHaveValue('Somewhere');
  });

  it('sets the monthly digest with the shared rule: a day of 1 to 28', async () => {
    const api = start();
    const section = await screen.findByRole('region', { name: 'Monthly digest by e-mail' });
    await userEvent.selectOptions(
      await within(section).findByRole('combobox', { name: 'Send me the digest' }),
      'On a day of the month I choose',
    );
    const day = within(section).getByRole('textbox', { name: /^Day of the month/ });
    await userEvent.type(day, '31');
    await userEvent.click(within(section).getByRole('button', { name: 'Save digest' }));
    expect(await within(section).findByText(DIGEST_DAY_MESSAGE)).toBeInTheDocument();
    const digestPuts = () =>
      api.calls.filter((c) => c.url === '/api/profile/digest' && c.init?.method === 'PUT');
    expect(digestPuts()).toHaveLength(0);
    await userEvent.clear(day);
    await userEvent.type(day, '5');
    await userEvent.click(within(section).getByRole('button', { name: 'Save digest' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(DIGEST_SAVED);
    expect(JSON.parse(digestPuts()[0]!.init!.body as string)).toEqual({ mode: 'day', day: 5 });
  });

  it('sends the reset e-mail and says so', async () => {
    const api = start();
    api.handlers['/api/profile/reset-password'] = () => ({
      status: 200,
      body: { emailAddress: agencyUser.email },
    });
    await screen.findByDisplayValue('Olive');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_EMAIL_SENT);
    expect(api.calls.find((c) => c.url === '/api/profile/reset-password')?.init?.method).toBe('POST');
  });

  it("shows the refusal for someone else's profile, not their data, and a way to one's own", async () => {
    const other = '99999999-9999-4999-8999-999999999999';
    const api = start(`/my-profile/${other}`);
    api.handlers['/api/profile/users'] = () => ({
      status: 403,
      body: { error: { code: 'forbidden', message: NOT_YOUR_PROFILE }, referenceId: 'r-2' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NOT_YOUR_PROFILE);
    expect(within(alert).getByRole('link', { name: 'Open your own profile' })).toHaveAttribute(
      'href',
      `/my-profile/${agencyUser.id}`,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url === `/api/profile/users?userUuid=${other}`)).toBe(true);
  });

  it('opens the own profile from /my-profile', async () => {
    start('/my-profile');
    expect(await screen.findByDisplayValue('Olive')).toBeInTheDocument();
  });
});
