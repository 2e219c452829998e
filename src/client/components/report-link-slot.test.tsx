import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { ReportLinkSlot } from './report-link-slot.tsx';

const LEVEL = '11111111-1111-4111-8111-111111111111';
const assignment = {
  assignmentId: '22222222-2222-4222-8222-222222222222',
  reportKey: 'agency-production',
  provider: 'powerbi',
  reportId: 'rep-1',
  level: 'network',
};

afterEach(() => vi.unstubAllGlobals());

function show(assignments: unknown[], sigmaEnabled = false, sigmaReportId: string | null = null, at = '/') {
  const api = fakeFetch({ '/api/reports/assignments': () => ({ status: 200, body: { assignments } }) });
  vi.stubGlobal('fetch', api.fetchImpl);
  renderRoutes(
    [
      {
        path: at,
        element: (
          <>
            <h1>Page</h1>
            <ReportLinkSlot
              reportKey="agency-production"
              levelUuid={LEVEL}
              sigmaEnabled={sigmaEnabled}
              sigmaReportId={sigmaReportId}
            />
          </>
        ),
      },
    ],
    at,
  );
  return api;
}

describe('ReportLinkSlot', () => {
  it('links the report when a dashboard is assigned to it at the level', async () => {
    const api = show([assignment]);
    expect(await screen.findByRole('link', { name: 'Open the Agency Production dashboard' })).toHaveAttribute(
      'href',
      '/agency-production',
    );
    expect(api.calls[0]!.url).toBe(`/api/reports/assignments?levelUuid=${LEVEL}`);
  });

  it('shows nothing without an assignment, unless the sigma flag is on with a report id', async () => {
    const api = show([{ ...assignment, reportKey: 'retention' }]);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows no link on the page it would lead to (the scorecard on Agency Production’s path)', async () => {
    const api = show([assignment], false, null, '/agency-production');
    await screen.findByRole('heading', { name: 'Page' });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the link with the sigma flag and a report id', async () => {
    show([], true, 'wb-1');
    expect(
      await screen.findByRole('link', { name: 'Open the Agency Production dashboard' }),
    ).toBeInTheDocument();
  });
});
