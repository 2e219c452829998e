import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/contracts/user.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { agencyUser, ids, networkUser, shellApi, staffUser } from '#tests/support/shell-api.ts';
import { appRoutes } from '#client/app/router.tsx';

afterEach(() => vi.unstubAllGlobals());

const pending = {
  invitationUuid: '99999999-9999-4999-8999-999999999999',
  emailAddress: 'pat@example.test',
  firstName: 'Pat',
  lastName: 'Doe',
  willInviteeBePrimaryUser: false,
  invitedByName: 'Olive Owner',
  expiresAt: '2026-03-09T10:00:00.000Z',
};

function start(user: User, path = '/users') {
  const api = shellApi({ user });
  let invitations = [pending];
  api.handlers['/api/agency/users'] = () => ({ status: 200, body: { users: [] } });
  api.handlers['/api/invitations'] = (init) => {
    if (init?.method !== 'POST') return { status: 200, body: { invitations } };
    const body = JSON.parse(init.body as string) as {
      emailAddress: string;
      firstName: string;
      lastName: string;
    };
    invitations = [
      { ...pending, ...body, invitationUuid: '99999999-9999-4999-8999-999999999998' },
      ...invitations,
    ];
    return {
      status: 201,
      body: {
        invitationUuid: invitations[0]!.invitationUuid,
        emailAddress: body.emailAddress,
        expiresAt: pending.expiresAt,
      },
    };
  };
  vi.stubGlobal('fetch', api.fetchImpl);
  renderRoutes(appRoutes, path);
  return api;
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Users' });

describe('Invite user on the Users page', () => {
  it('lets an owner invite by e-mail, names the address once sent, and lists pending invitations', async () => {
    const api = start(agencyUser);
    await heading();
    expect(await screen.findByRole('row', { name: /pat@example.test/ })).toHaveTextContent('Olive Owner');
    await userEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Ro5sa');
    expect(within(dialog).getByLabelText(/^First name/)).toHaveValue('Rosa');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'rosa@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Invalid Email')).toBeInTheDocument();
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Lee');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'example.test');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /primary user/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/An invitation was sent to rosa@example.test\./)).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url === '/api/invitations' && c.init?.method === 'POST');
    expect(JSON.parse(sent!.init!.body as string)).toEqual({
      firstName: 'Rosa',
      lastName: 'Lee',
      emailAddress: 'rosa@example.test',
      willInviteeBePrimaryUser: true,
      agencyUuid: ids.agency,
    });
    await waitFor(() => expect(screen.getByRole('row', { name: /rosa@example.test/ })).toBeInTheDocument());
  });

  it('is not offered to agency users who are not admins', async () => {
    start({ ...agencyUser, isOwner: false, isAdmin: false });
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });

  it('is not offered to network users', async () => {
    start(networkUser, `/users?level=${ids.agency}`);
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });

  it('is offered to staff for an agency', async () => {
    start(staffUser, `/users?level=${ids.otherAgency}`);
    expect(await screen.findByRole('button', { name: 'Invite user' })).toBeInTheDocument();
  });

  it('is not offered to staff looking at a network', async () => {
    start(staffUser, `/users?level=${ids.network}`);
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });
});
