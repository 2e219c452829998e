import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FullPlanResponse, YtdResponse } from '#shared/contracts/growth-measurement.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { lastMonthOfYear, monthForYear } from '#shared/domain/growth-plan.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { ids, shellApi } from '#tests/support/shell-api.ts';
import { appRoutes } from '#client/app/router.tsx';

afterEach(() => vi.unstubAllGlobals());

const today = calendarDateIn(BUSINESS_TIME_ZONE);
const year = today.year;
const month = Math.min(monthForYear(year, today), lastMonthOfYear(year, today));
const PLAN = '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0b01';
const ACME = '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0b02';
const plan = {
  planId: PLAN,
  agencyUuid: ids.agency,
  name: `${year} Growth Plan`,
  year,
  version: 1,
  updatedAt: `${year}-01-05T10:00:00Z`,
  updatedBy: null,
};
const goals = {
  priorWrittenPremium: 120_000,
  wpGoalPlan: 132_000,
  apNewBusiness: 20_000,
  apPercentNewToBook: 15,
};
const full: FullPlanResponse = {
  plan,
  leafLevelData: [
    {
      ...goals,
      hash: `${ACME}PL`,
      carrierUuid: ACME,
      carrierName: 'Acme Mutual',
      lineCode: 'PL',
      growthGoalPlan: 10,
      rate: 5,
      retention: 85,
    },
  ],
  carrierRollup: [{ ...goals, carrierUuid: ACME, carrierName: 'Acme Mutual' }],
  agencyRollup: goals,
  canEdit: true,
};
const ytd: YtdResponse = {
  year,
  month,
  records: [
    {
      carrierUuid: ACME,
      agencyUuid: ids.agency,
      carrierName: 'Acme Mutual',
      agencyName: 'Prairie Oak Insurance Agency',
      agencyState: 'IA',
      policyTypeCode: 'PL',
      broadLineOfBusinessStandardTypeCode: 'PL',
      broadLineOfBusinessStandardTypeName: 'Personal Lines',
      writtenPremiumYTD: 70_000,
      priorWrittenPremiumYTD: 60_000,
      newWrittenPremiumYTD: 9_000,
      month,
      year,
    },
  ],
  cumulative: [],
};

describe('Growth Plan Measurement', () => {
  it('shows a loader, not $0 and N/A, until the actual year to date has answered', async () => {
    const api = shellApi({ flags: { growthMeasurement: true } });
    const ok = (body: unknown) => () => ({ status: 200, body });
    api.handlers['/api/growth-measurement/active-plan-years'] = ok({
      activePlans: { [String(year)]: plan },
      yearOptions: [{ label: String(year), value: year }],
      agencyUuid: ids.agency,
      canEdit: true,
    });
    api.handlers[`/api/growth-measurement/plan/${PLAN}/full`] = ok(full);
    api.handlers['/api/growth-measurement/reporting-dates'] = ok({ reportingDates: [] });
    // The year to date answers only when the test says so.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    let ytdAsked = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (url.startsWith('/api/growth-measurement/ytd-agency-carrier/v2')) {
        ytdAsked = true;
        await held;
        return new Response(JSON.stringify(ytd), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return api.fetchImpl(input, init);
    });
    renderRoutes(appRoutes, '/growth-measurement');
    expect(
      await screen.findByRole('status', { name: 'Loading the plan and the actual figures' }),
    ).toBeInTheDocument();
    // The plan has come; only the held year to date is missing: no table, no made-up figures meanwhile.
    expect(await screen.findByRole('heading', { name: plan.name })).toBeInTheDocument();
    await waitFor(() => expect(ytdAsked).toBe(true));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('$0')).not.toBeInTheDocument();
    expect(screen.queryByText('N/A')).not.toBeInTheDocument();
    answer();
    const table = await screen.findByRole('table');
    const acme = within(table)
      .getByRole('rowheader', { name: /Acme Mutual/ })
      .closest('tr')!;
    expect(acme).toHaveTextContent('$70,000');
    expect(screen.queryByRole('status', { name: 'Loading the plan and the actual figures' })).toBeNull();
  });

  it("creates the year's plan from the shared contract: an empty name is refused before any request, the server's message lands on its field", async () => {
    const api = shellApi({ flags: { growthMeasurement: true } });
    const ok = (body: unknown) => () => ({ status: 200, body });
    const lastYear = { ...plan, planId: ACME, name: `${year - 1} Growth Plan`, year: year - 1 };
    api.handlers['/api/growth-measurement/active-plan-years'] = ok({
      activePlans: { [String(year - 1)]: lastYear },
      yearOptions: [
        { label: String(year), value: year },
        { label: String(year - 1), value: year - 1 },
      ],
      agencyUuid: ids.agency,
      canEdit: true,
    });
    const sent: unknown[] = [];
    api.handlers['/api/growth-measurement/plans'] = (init) => {
      sent.push(JSON.parse(init?.body as string));
      return {
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'Check the highlighted fields.',
            fields: { name: 'A plan of this name already exists' },
          },
          referenceId: 'r-400',
        },
      };
    };
    vi.stubGlobal('fetch', api.fetchImpl);
    const user = userEvent.setup();
    renderRoutes(appRoutes, '/growth-measurement');
    const form = await screen.findByRole('form', { name: `Create the ${year} plan` });
    const name = within(form).getByRole('textbox', { name: 'Plan name' });
    expect(name).toHaveValue(`${year} Growth Plan`);
    expect(within(form).getByRole('checkbox', { name: /Start from the previous year's plan/ })).toBeChecked();

    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Create plan' }));
    expect(await within(form).findByText('Plan name is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(name, 'Heartland plan');
    await user.click(within(form).getByRole('button', { name: 'Create plan' }));
    expect(await within(form).findByText('A plan of this name already exists')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(sent).toEqual([{ name: 'Heartland plan', year, copyLastYear: true }]);
    expect(name).toHaveValue('Heartland plan');
  });

  it('edits a plan: checks each row against the contract as it is typed, and saves the rows with the version it was read at', async () => {
    const api = shellApi({ flags: { growthMeasurement: true } });
    const ok = (body: unknown) => () => ({ status: 200, body });
    api.handlers[`/api/growth-measurement/plan/${PLAN}/full`] = ok(full);
    api.handlers['/api/growth-measurement/carriers'] = ok({
      carriers: [{ uuid: ACME, name: 'Acme Mutual' }],
    });
    api.handlers['/api/growth-measurement/ytd-agency-carrier/v2'] = ok({
      year: year - 1,
      month: 12,
      records: [],
      cumulative: [],
    });
    const sent: unknown[] = [];
    api.handlers[`/api/growth-measurement/plan/${PLAN}`] = (init) => {
      const body = JSON.parse(init?.body as string) as { rows: { retention: number }[] };
      sent.push(body);
      return { status: 200, body: { ...full, plan: { ...full.plan, version: 2 } } };
    };
    vi.stubGlobal('fetch', api.fetchImpl);
    const user = userEvent.setup();
    renderRoutes(appRoutes, `/growth-measurement/plans/${PLAN}`);
    const form = await screen.findByRole('form', { name: 'Growth plan' });
    const retention = within(form).getByRole('textbox', { name: 'Retention %, Acme Mutual Personal' });

    await user.clear(retention);
    await user.type(retention, '150');
    const problems = await within(form).findByRole('alert');
    expect(problems).toHaveTextContent('Fix these rows to save');
    expect(problems).toHaveTextContent('Acme Mutual Personal (row 1): Retention must be at most 100 %');
    expect(retention).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('button', { name: 'Save plan' })).toBeDisabled();

    await user.clear(retention);
    await user.type(retention, '90');
    expect(within(form).queryByRole('alert')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('The plan was saved.');
    expect(sent).toEqual([
      {
        version: 1,
        name: `${year} Growth Plan`,
        rows: [
          {
            carrierUuid: ACME,
            lineCode: 'PL',
            priorWrittenPremium: 120_000,
            growthGoalPlan: 10,
            rate: 5,
            retention: 90,
          },
        ],
      },
    ]);
  });
});
