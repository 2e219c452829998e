import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FullPlanResponse } from '#shared/contracts/growth-measurement.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { ids, shellApi } from '#tests/support/shell-api.ts';
import { appRoutes } from '#client/app/router.tsx';

afterEach(() => vi.unstubAllGlobals());

const PLAN = '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0b11';
const ACME = '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0b12';
const goals = {
  priorWrittenPremium: 100_000,
  wpGoalPlan: 110_000,
  apNewBusiness: 25_000,
  apPercentNewToBook: 22.73,
};
const full: FullPlanResponse = {
  plan: {
    planId: PLAN,
    agencyUuid: ids.agency,
    name: '2026 Growth Plan',
    year: 2026,
    version: 7,
    updatedAt: '2026-01-05T10:00:00Z',
    updatedBy: null,
  },
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

describe('the growth plan editor', () => {
  it('checks each row against the contract as it is typed, and saves the rows with the version it was read at', async () => {
    const api = shellApi({ flags: { growthMeasurement: true } });
    const ok = (body: unknown) => () => ({ status: 200, body });
    api.handlers[`/api/growth-measurement/plan/${PLAN}/full`] = ok(full);
    api.handlers['/api/growth-measurement/carriers'] = ok({
      carriers: [{ uuid: ACME, name: 'Acme Mutual' }],
    });
    api.handlers['/api/growth-measurement/ytd-agency-carrier/v2'] = ok({
      year: 2025,
      month: 12,
      records: [],
      cumulative: [],
    });
    const sent: unknown[] = [];
    api.handlers[`/api/growth-measurement/plan/${PLAN}`] = (init) => {
      const body = JSON.parse(init?.body as string) as { rows: { retention: number }[] };
      sent.push(body);
      return { status: 200, body: { ...full, plan: { ...full.plan, version: 8 } } };
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
        version: 7,
        name: '2026 Growth Plan',
        rows: [
          {
            carrierUuid: ACME,
            lineCode: 'PL',
            priorWrittenPremium: 100_000,
            growthGoalPlan: 10,
            rate: 5,
            retention: 90,
          },
        ],
      },
    ]);
  });
});
