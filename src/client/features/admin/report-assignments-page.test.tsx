import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminAssignmentsResponse } from '#shared/contracts/reports.ts';
import type { LevelsResponse } from '#shared/contracts/levels.ts';
import { EMBEDDABLE_REPORTS } from '#shared/domain/reports.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { adminRoutes } from './routes.tsx';

const NETWORK_UUID = '2f6b1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const AGENCY_UUID = '4b0a4a49-5f9c-4a57-8d3e-0c1f8a2b6d11';
const report = EMBEDDABLE_REPORTS[0]!;

const levels: LevelsResponse = {
  networks: [
    {
      uuid: NETWORK_UUID,
      name: 'Heartland Agency Alliance',
      abbreviation: 'HAA',
      selectable: true,
      agencies: [{ uuid: AGENCY_UUID, name: 'Prairie Oak', city: 'Ames', state: 'IA' }],
    },
  ],
};

function assignmentsApi(onPost: (body: unknown) => { status: number; body: unknown }) {
  const answer: AdminAssignmentsResponse = {
    assignments: [],
    providers: [
      { provider: 'powerbi', configured: true },
      { provider: 'sigma', configured: true },
      { provider: 'metabase', configured: true },
    ],
  };
  const { fetchImpl, calls } = fakeFetch({
    '/api/levels': () => ({ status: 200, body: levels }),
    '/api/admin/report-assignments': (init) =>
      init?.method === 'POST' ? onPost(JSON.parse(init.body as string)) : { status: 200, body: answer },
  });
  vi.stubGlobal('fetch', fetchImpl);
  renderRoutes([{ path: '/', children: adminRoutes }], '/admin/report-assignments');
  const posts = () => calls.filter((c) => c.init?.method === 'POST');
  return { posts };
}

describe('ReportAssignmentsPage: the assignment form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names each field the server's contract refuses, before calling it", async () => {
    const { posts } = assignmentsApi(() => ({ status: 201, body: {} }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Report id' }), 'not an id');
    await userEvent.type(screen.getByRole('textbox', { name: 'Parameters' }), 'no equals sign');
    expect(await screen.findByText('Line 1: write name=value.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Choose a report from the catalogue.')).toBeInTheDocument();
    expect(screen.getByText('Choose a network or an agency.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Report id' })).toHaveAccessibleDescription(
      expect.stringContaining('The id has letters, digits, dots, dashes and underscores only.') as string,
    );
    expect(posts()).toEqual([]);
  });

  it('sends what the contract takes, and shows the server’s field message beside its field', async () => {
    const { posts } = assignmentsApi(() => ({
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'Enter the Power BI workspace id.',
          fields: { workspaceId: 'Enter the Power BI workspace id.' },
        },
        referenceId: 'req-400',
      },
    }));
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Report' }),
      `${report.label} (/${report.path})`,
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Network or agency' }),
      'HAA: Prairie Oak',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Report id' }), ' abc-123 ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Parameters' }), 'rlsRole = Tenant');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]!.init!.body as string)).toEqual({
      reportKey: report.key,
      levelUuid: AGENCY_UUID,
      provider: 'powerbi',
      reportId: 'abc-123',
      workspaceId: '',
      parameters: { rlsRole: 'Tenant' },
    });
    expect(await screen.findByRole('textbox', { name: 'Workspace id' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter the Power BI workspace id.') as string,
    );
  });
});
