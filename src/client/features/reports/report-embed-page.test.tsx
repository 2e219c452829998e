import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportResponse } from '#shared/contracts/reports.ts';
import type { ReportDescriptor } from '#shared/domain/reports.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { descriptor, reportAnswer } from '#tests/support/report-answers.ts';
import { shellApi } from '#tests/support/shell-api.ts';
import { AppFrame } from '#client/app/app-frame.tsx';
import { ReportEmbedPage } from './report-embed-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ReportEmbedPage without a dashboard at the level', () => {
  function openPage(report: ReportDescriptor, answer: ReportResponse, features: Record<string, boolean>) {
    const api = shellApi();
    api.handlers[`/api/reports/${report.key}`] = () => ({ status: 200, body: answer });
    vi.stubGlobal('fetch', api.fetchImpl);
    const access = { features, flags: {}, isInternal: false };
    renderRoutes(
      [
        {
          path: '/',
          element: <AppFrame />,
          children: [{ path: 'report', element: <ReportEmbedPage report={report} access={access} /> }],
        },
      ],
      '/report',
    );
  }

  it("shows the report's teaser as its fallback, saying the dashboard is not set up yet", async () => {
    const report = descriptor('agency-production');
    openPage(report, reportAnswer(report, null), {
      pbiAgencyProduction: true,
      pbiAgencyProductionTeaser: true,
    });
    expect(
      await screen.findByText(
        'Agency Production is part of your subscription; no dashboard has been set up for it here yet.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask support to set it up' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Layout of the dashboard/ })).toBeInTheDocument();
  });

  it('says so without a fallback, and tells staff which provider is not set up', async () => {
    const report = descriptor('retention');
    openPage(report, reportAnswer(report, null, 'Metabase'), { pbiRetention: true });
    expect(
      await screen.findByText(
        'A Metabase dashboard is assigned to Retention here, but Metabase is not set up on this server.',
      ),
    ).toBeInTheDocument();
  });
});
