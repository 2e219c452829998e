import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CarrierRequestList } from '#shared/contracts/carrier-request.ts';
import type { MailOutbox } from '#shared/contracts/mail.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { adminRoutes } from './routes.tsx';

afterEach(() => vi.unstubAllGlobals());

const requests: CarrierRequestList['requests'] = [
  {
    uuid: '0d5b6a1e-8f3c-4b7a-9e2d-1c4f5a6b7c8d',
    name: 'Olive Owner',
    email: 'owner@understanding.test',
    agencyName: 'Prairie Oak Insurance Agency',
    carrierName: 'Prairie Mutual',
    carrierType: 'isWorkersComp',
    carrierWebsite: 'www.prairiemutual.com',
    additionalInfo: 'Workers comp only.',
    status: 'failed',
    forwardedTo: null,
    createdAt: '2026-03-02T15:04:00.000Z',
  },
  {
    uuid: '1e6c7b2f-9a4d-4c8b-8f3e-2d5a6b7c8d9e',
    name: 'Sam Staff',
    email: 'staff@understanding.test',
    agencyName: null,
    carrierName: 'Cedar Flood',
    carrierType: 'isFlood',
    carrierWebsite: 'https://cedarflood.com',
    additionalInfo: '',
    status: 'forwarded',
    forwardedTo: 'CARR-7',
    createdAt: '2026-03-01T10:00:00.000Z',
  },
];

const messages: MailOutbox['messages'] = [
  {
    uuid: '2f7d8c3a-0b5e-4d9c-9a4f-3e6b7c8d9e0f',
    toAddress: 'support@understanding.local',
    fromAddress: 'Understanding <no-reply@understanding.local>',
    subject: 'New carrier request: Prairie Mutual',
    text: 'Carrier name: Prairie Mutual\nCarrier type: Workers Comp',
    transport: 'outbox',
    createdAt: '2026-03-02T15:04:00.000Z',
  },
];

function start(path: string, carrierRequests = { status: 200, body: { requests } as unknown }) {
  const { fetchImpl } = fakeFetch({
    '/api/carrier-requests': () => carrierRequests,
    '/api/mail/outbox': () => ({ status: 200, body: { messages } }),
  });
  vi.stubGlobal('fetch', fetchImpl);
  renderRoutes([{ path: '/', children: adminRoutes }], path);
}

describe('staff pages: carrier requests and mail outbox', () => {
  it('lists carrier requests with their type, requester, status and destination', async () => {
    start('/admin/carrier-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrier requests' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Prairie Mutual')).toBeInTheDocument();
    expect(first.getByText('Workers Comp')).toBeInTheDocument();
    expect(first.getByText('owner@understanding.test')).toBeInTheDocument();
    expect(first.getByText('Not forwarded')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'www.prairiemutual.com' })).toHaveAttribute(
      'href',
      'https://www.prairiemutual.com',
    );
    const second = within(rows[1]!);
    expect(second.getByText('Flood')).toBeInTheDocument();
    expect(second.getByText('Forwarded')).toBeInTheDocument();
    expect(second.getByText('CARR-7')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    start('/admin/carrier-requests', {
      status: 403,
      body: {
        error: { code: 'forbidden', message: 'Only Understanding staff may do this.' },
        referenceId: 'ref-1',
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the carrier requests');
    expect(alert).toHaveTextContent('Only Understanding staff may do this.');
  });

  it('moves to the mail outbox through the admin navigation and lists the e-mails', async () => {
    start('/admin/carrier-requests');
    await screen.findByRole('table');
    const nav = screen.getByRole('navigation', { name: 'Admin pages' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Mail outbox' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail outbox' })).toBeInTheDocument();
    const row = within(within(await screen.findByRole('table')).getAllByRole('row')[1]!);
    expect(row.getByText('New carrier request: Prairie Mutual')).toBeInTheDocument();
    expect(row.getByText('support@understanding.local')).toBeInTheDocument();
    expect(row.getByText('Outbox only')).toBeInTheDocument();
    const outboxNav = screen.getByRole('navigation', { name: 'Admin pages' });
    expect(within(outboxNav).getByRole('link', { name: 'Access' })).toHaveAttribute('href', '/admin/access');
  });
});
