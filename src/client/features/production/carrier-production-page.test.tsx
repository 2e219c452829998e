import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LineOfBusinessNode } from '#shared/contracts/lines-of-business.ts';
import type {
  ByAgencyResponse,
  ByCarrierResponse,
  CarrierProductionRow,
  ProductionFigures,
} from '#shared/contracts/production.ts';
import { carrierFigures } from '#shared/contracts/production.ts';
import { BUSINESS_TIME_ZONE, calendarDateIn } from '#shared/domain/reporting-month.ts';
import { MANUAL_DATA_WARNING, presets } from '#shared/domain/timeframe.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { ids, networkUser, shellApi } from '#tests/support/shell-api.ts';
import { allowConsoleError } from '#tests/support/fail-on-console-error.ts';
import { createQueryClient } from '#client/app/query-client.ts';
import { appRoutes } from '#client/app/router.tsx';
import { prefetchShell } from '#client/app/shell-prefetch.ts';
import { monthOptions } from '#client/components/report/timeframe-selector.tsx';

const today = calendarDateIn(BUSINESS_TIME_ZONE);
const ytd = presets(today)[0]!;
const latest = ytd.endMonth;

const figures = (written: number | null, over: Partial<ProductionFigures> = {}): ProductionFigures => ({
  writtenPremium: written,
  priorWrittenPremium: written === null ? null : written / 2,
  newWrittenPremium: 1000,
  priorNewWrittenPremium: 800,
  earned: 10_000,
  priorEarned: 10_000,
  incurred: 7000,
  priorIncurred: 3000,
  ...over,
});

let seq = 0;
const uuid = () => `aaaaaaaa-aaaa-4aaa-8aaa-${String(++seq).padStart(12, '0')}`;

function carrier(
  name: string,
  written: number,
  options: { incomplete?: boolean } = {},
): CarrierProductionRow {
  return {
    carrierUuid: uuid(),
    carrierName: name,
    isMga: false,
    isCoreCarrier: true,
    reportedMonths: [],
    latestYearMonth: null,
    mostRecentReportingDate: null,
    manualMostRecentReportingDate: null,
    haveMissingCurrentData: options.incomplete ?? false,
    haveMissingPriorData: false,
    lines: {
      'P&C': carrierFigures(figures(written)),
      PL: carrierFigures(figures(written * 0.75)),
      CL: carrierFigures(figures(written * 0.25)),
    },
  };
}

const period = {
  startDate: ytd.startDate,
  endDate: ytd.endDate,
  priorStartDate: '',
  priorEndDate: '',
  includesManualEntries: true,
};

function byCarrier(rows: CarrierProductionRow[]): ByCarrierResponse {
  return { period, lineCode: 'P&C', carriers: Object.fromEntries(rows.map((r) => [r.carrierUuid, r])) };
}

const defaultCarriers = () =>
  byCarrier([
    carrier('Acme Mutual', 120_000.4),
    carrier('Beacon Specialty', 50_000, { incomplete: true }),
    carrier('Cedar Farm Insurance', 80_000),
  ]);

const byAgency: ByAgencyResponse = {
  period,
  lineCode: 'P&C',
  agencies: [
    {
      agencyUuid: ids.agency,
      name: 'Prairie Oak Insurance Agency',
      agencyCity: 'Ames',
      agencyState: 'IA',
      haveMissingCurrentData: false,
      haveMissingPriorData: false,
      lines: { 'P&C': figures(250_000), PL: figures(150_000) },
    },
  ],
};

const lob = (code: string, name: string, children: LineOfBusinessNode[] = []): LineOfBusinessNode => ({
  uuid: uuid(),
  code,
  name,
  parentUuid: null,
  classificationUuid: uuid(),
  children,
});
const tree = [
  lob('P&C', 'Property & Casualty', [
    lob('PL', 'Personal Lines', [lob('PAUTO', 'Personal Auto'), lob('HOME', 'Homeowners')]),
    lob('CL', 'Commercial Lines', [lob('BOP', 'Businessowners')]),
    lob('BOND', 'Bond', [lob('SURETY', 'Surety Bonds')]),
    lob('CROP', 'Crop', [lob('MPCI', 'Multi-Peril Crop')]),
  ]),
];

type Reply = { status: number; body: unknown };

function start(
  path: string,
  carriers: () => Reply = () => ({ status: 200, body: defaultCarriers() }),
  agencies: ByAgencyResponse = byAgency,
) {
  const api = shellApi();
  api.handlers['/api/core-production/by-carrier'] = carriers;
  api.handlers['/api/core-production/by-agency'] = () => ({ status: 200, body: agencies });
  api.handlers['/api/mapping/standard-types'] = () => ({ status: 200, body: { tree } });
  vi.stubGlobal('fetch', api.fetchImpl);
  const rendered = renderRoutes(appRoutes, path);
  const requests = (endpoint: string) =>
    api.calls
      .filter((c) => c.url.startsWith(`/api/core-production/${endpoint}?`))
      .map((c) => new URLSearchParams(c.url.split('?')[1]));
  const lastRequest = (endpoint = 'by-carrier') => requests(endpoint).at(-1)!;
  const search = () => new URLSearchParams(rendered.router.state.location.search);
  return { ...rendered, api, requests, lastRequest, search };
}

const table = () => screen.getByRole('table');
const dataRows = () => within(table()).getAllByRole('row').slice(1);
const rowNames = () => dataRows().map((r) => within(r).getAllByRole('rowheader')[0]!.textContent?.trim());
const loaded = () => screen.findByRole('rowheader', { name: /Acme Mutual/ });

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('Carrier Production', () => {
  it('lists carriers by written premium, highest first, in dollars without cents, with loss ratios coloured', async () => {
    const { lastRequest } = start('/production');
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Carrier Production' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Acme Mutual', 'Cedar Farm Insurance', 'Beacon Specialty']);
    const acme = dataRows()[0]!;
    const cells = within(acme).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('$120,000');
    expect(cells[2]).toHaveTextContent('100.0%');
    expect(cells[8]).toHaveTextContent('70.0%');
    expect(cells[8]!.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'negative');
    expect(cells[9]!.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'positive');
    expect(screen.getByRole('columnheader', { name: /Written Premium/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    expect(Object.fromEntries(lastRequest())).toMatchObject({
      levelUuid: ids.agency,
      startDate: ytd.startDate,
      endDate: ytd.endDate,
      broadLineOfBusinessStandardTypeCode: 'P&C',
      isMga: 'true',
      isStandard: 'true',
    });
    expect(
      screen.getByRole('button', { name: `Download Carrier Production for ${ytd.displayText}` }),
    ).toBeEnabled();
    expect(screen.queryByText(MANUAL_DATA_WARNING)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Table pages' })).not.toBeInTheDocument();
  });

  it('greys incomplete rows with their changes still shown (decision 055), and sorts by a clicked header', async () => {
    start('/production');
    await loaded();
    const beacon = dataRows()[2]!;
    const cells = within(beacon).getAllByRole('cell');
    // Written premium doubled from the prior period; the change is greyed with its tooltip, not a bare '%'.
    expect(cells[2]).toHaveTextContent('100.0%');
    expect(cells[2]!.querySelector('[data-incomplete]')).toHaveTextContent('100.0%');
    expect(cells[0]!.querySelector('[data-incomplete]')).not.toBeNull();
    await userEvent.hover(within(cells[2]!).getByText('100.0%'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Carrier data is incomplete for the selected timeframe.',
    );
    await userEvent.unhover(within(cells[2]!).getByText('100.0%'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await userEvent.hover(within(beacon).getByText('Beacon Specialty'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Carrier data is incomplete for the selected timeframe.',
    );

    await userEvent.click(screen.getByRole('button', { name: /^Carrier/ }));
    expect(rowNames()).toEqual(['Acme Mutual', 'Beacon Specialty', 'Cedar Farm Insurance']);
    expect(screen.getByRole('columnheader', { name: /^Carrier/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows the incomplete-data badge until the toggle hides the incomplete rows', async () => {
    const { search } = start('/production');
    await loaded();
    const badge = screen.getByText('Incomplete Carrier Data');
    await userEvent.hover(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Incomplete carrier data in your selected period will lead to unexpected prior values and % change ratios.',
    );

    await userEvent.click(screen.getByRole('switch', { name: 'Hide incomplete data' }));
    await waitFor(() => expect(rowNames()).toEqual(['Acme Mutual', 'Cedar Farm Insurance']));
    expect(screen.queryByText('Incomplete Carrier Data')).not.toBeInTheDocument();
    expect(search().get('hideIncomplete')).toBe('true');
  });

  it('keeps incomplete agency rows, greyed, when incomplete carrier data is hidden', async () => {
    start('/production?view=agencies&hideIncomplete=true', undefined, {
      ...byAgency,
      agencies: [{ ...byAgency.agencies[0]!, haveMissingPriorData: true }],
    });
    const agency = await screen.findByRole('rowheader', { name: /Prairie Oak Insurance Agency - Ames - IA/ });
    expect(agency.closest('tr')).toHaveAttribute('data-incomplete', 'true');
    expect(screen.queryByText('Incomplete Carrier Data')).not.toBeInTheDocument();
  });

  it('searches names case-insensitively and says when nothing matches', async () => {
    start('/production');
    await loaded();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'cEdAr');
    await waitFor(() => expect(rowNames()).toEqual(['Cedar Farm Insurance']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zzz');
    expect(await within(table()).findByText('No data found')).toBeInTheDocument();
  });

  it('offers standard types only for a line other than Total, and applies them', async () => {
    const { lastRequest, search } = start('/production');
    await loaded();
    expect(screen.queryByPlaceholderText('Select standard types')).not.toBeInTheDocument();
    const lines = screen.getByRole('radiogroup', { name: 'Line of business' });
    expect(
      within(lines)
        .getAllByRole('radio')
        .map((r) => r.closest('div')?.textContent),
    ).toEqual(['Total (P&C)', 'PL', 'CL', 'Bond', 'Crop']);

    await userEvent.click(within(lines).getByLabelText('PL'));
    await waitFor(() => expect(lastRequest().get('broadLineOfBusinessStandardTypeCode')).toBe('PL'));
    expect(search().get('line')).toBe('PL');
    // The picker loads once a line with standard types is chosen.
    expect(await screen.findByPlaceholderText('Select standard types')).toBeInTheDocument();
    expect(screen.getByText('* Manual entries will not be shown in results below')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Standard types' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Homeowners' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastRequest().get('standardTypes')).toBe('HOME'));
    expect(search().get('types')).toBe('HOME');

    await userEvent.click(within(lines).getByLabelText('Total (P&C)'));
    await waitFor(() =>
      expect(screen.queryByPlaceholderText('Select standard types')).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(lastRequest().get('broadLineOfBusinessStandardTypeCode')).toBe('P&C'));
    expect(lastRequest().has('standardTypes')).toBe(false);
  });

  it('resets the line, standard types and carrier group when the timeframe changes', async () => {
    const { lastRequest, search } = start('/production?line=PL&types=HOME&composite=wholesalers&level=x');
    await loaded();
    expect(lastRequest().get('standardTypes')).toBe('HOME');
    expect(lastRequest().get('isStandard')).toBe('false');

    await choose('Timeframe', 'Monthly');
    await waitFor(() => expect(search().get('timeframe')).toBe(latest));
    expect(search().has('line')).toBe(false);
    expect(search().has('types')).toBe(false);
    expect(search().has('composite')).toBe(false);
    expect(search().get('level')).toBe('x');
    expect(screen.getByText(MANUAL_DATA_WARNING)).toBeInTheDocument();
    await waitFor(() => expect(lastRequest().get('startDate')).toBe(`${latest}-01`));
    expect(Object.fromEntries(lastRequest())).toMatchObject({
      broadLineOfBusinessStandardTypeCode: 'P&C',
      isMga: 'true',
      isStandard: 'true',
    });
    expect(lastRequest().has('standardTypes')).toBe(false);
    expect(await screen.findByTestId('active-composite')).toHaveTextContent('All Carriers & Wholesalers');
  });

  it('takes a custom range of months from the start and end pickers', async () => {
    const { lastRequest, search } = start('/production');
    await loaded();
    await choose('Timeframe', 'Custom');
    await waitFor(() => expect(search().get('timeframe')).toBe(`${ytd.startMonth}--${ytd.endMonth}`));
    const latestLabel = monthOptions(latest, latest)[0]!.label;
    await choose('Start month', latestLabel);
    await waitFor(() => expect(search().get('timeframe')).toBe(`${latest}--${latest}`));
    await waitFor(() => expect(lastRequest().get('startDate')).toBe(`${latest}-01`));
    expect(lastRequest().get('endDate')).toBe(ytd.endDate);
    expect(screen.getByRole('combobox', { name: 'End month' })).toHaveValue(latestLabel);
  });

  it('shows loading and disables the buttons while the data loads', async () => {
    let answer: (reply: Reply) => void = () => {};
    const api = shellApi();
    api.handlers['/api/mapping/standard-types'] = () => ({ status: 200, body: { tree } });
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (input.startsWith('/api/core-production/by-carrier')) {
        return new Promise<Response>((resolve) => {
          answer = ({ status, body }) =>
            resolve(
              new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
            );
        });
      }
      return api.fetchImpl(input, init);
    });
    renderRoutes(appRoutes, '/production');
    expect(await screen.findByLabelText('Loading carrier production')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Download Carrier Production/ })).toBeDisabled();
    await waitFor(() => expect(answer).not.toBe(undefined));
    answer({ status: 200, body: defaultCarriers() });
    await loaded();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeEnabled();
  });

  it('applies the carrier composite from the Filters dialog, and Clear Filters goes back to all', async () => {
    const { lastRequest, search } = start('/production');
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('radio', { name: 'All Carriers & Wholesalers' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'All Wholesalers' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(lastRequest().get('isStandard')).toBe('false'));
    expect(lastRequest().get('isMga')).toBe('true');
    expect(search().get('composite')).toBe('wholesalers');

    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(again).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(lastRequest().get('isStandard')).toBe('true'));
    expect(search().has('composite')).toBe(false);
  });

  it('opens rows to their lines, and switching to agencies clears them and loads by agency', async () => {
    const { lastRequest, search } = start('/production');
    await loaded();
    const toggle = screen.getByRole('button', { name: 'Lines of Acme Mutual' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(rowNames()).toEqual([
      'Acme Mutual',
      'Personal Lines',
      'Commercial Lines',
      'Cedar Farm Insurance',
      'Beacon Specialty',
    ]);

    await userEvent.click(screen.getByRole('switch', { name: 'Expand all' }));
    expect(rowNames()).toHaveLength(9);
    await userEvent.click(screen.getByRole('switch', { name: 'Expand all' }));
    expect(rowNames()).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Lines of Acme Mutual' }));

    await userEvent.click(screen.getByLabelText('Agency'));
    expect(
      await screen.findByRole('rowheader', { name: /Prairie Oak Insurance Agency - Ames - IA/ }),
    ).toBeInTheDocument();
    expect(rowNames()).toEqual(['Prairie Oak Insurance Agency - Ames - IA']);
    expect(screen.getByRole('columnheader', { name: /^Agency/ })).toBeInTheDocument();
    expect(lastRequest('by-agency').get('levelUuid')).toBe(ids.agency);
    expect(search().get('view')).toBe('agencies');

    await userEvent.click(screen.getByLabelText('Carriers'));
    await loaded();
    expect(screen.getByRole('button', { name: 'Lines of Acme Mutual' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('pages at 25 rows only when there are more than 25', async () => {
    const many = byCarrier(
      Array.from({ length: 30 }, (_, i) =>
        carrier(`Carrier ${String(i + 1).padStart(2, '0')}`, 1000 * (i + 1)),
      ),
    );
    start('/production', () => ({ status: 200, body: many }));
    await screen.findByRole('rowheader', { name: /Carrier 30/ });
    expect(dataRows()).toHaveLength(25);
    expect(screen.getByRole('navigation', { name: 'Table pages' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(rowNames()).toEqual(['Carrier 05', 'Carrier 04', 'Carrier 03', 'Carrier 02', 'Carrier 01']);

    const rowsPerPage = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(rowsPerPage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '20', '25', '50', '100', 'All']);
    await userEvent.selectOptions(rowsPerPage, 'All');
    expect(dataRows()).toHaveLength(30);
    expect(screen.getByRole('navigation', { name: 'Table pages' })).toBeInTheDocument();
    await userEvent.selectOptions(rowsPerPage, '5');
    expect(dataRows()).toHaveLength(5);
  });

  it("tells the user 'Error loading by-carrier' with Continue when the data cannot be loaded", async () => {
    start('/production', () => ({
      status: 500,
      body: {
        error: { code: 'internal', message: 'The server has encountered an error.' },
        referenceId: 'r',
      },
    }));
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(modal).toHaveTextContent('Error loading by-carrier');
    expect(within(modal).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(within(modal).queryByRole('link', { name: 'Go to login' })).not.toBeInTheDocument();
    expect(within(table()).getByText('Carrier production could not be loaded.')).toBeInTheDocument();
  });
});

describe('the CSV download', () => {
  function stubDownloads() {
    const saved: { href: string; download: string }[] = [];
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    return { saved, createObjectURL };
  }

  function withExport(answer: () => Promise<Response>) {
    const api = shellApi();
    api.handlers['/api/core-production/by-carrier'] = () => ({ status: 200, body: defaultCarriers() });
    api.handlers['/api/mapping/standard-types'] = () => ({ status: 200, body: { tree } });
    const exports: string[] = [];
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (input.startsWith('/api/core-production/agency/export')) {
        exports.push(input);
        return answer();
      }
      return api.fetchImpl(input, init);
    });
    renderRoutes(appRoutes, '/production');
    return { exports };
  }

  afterEach(() => vi.restoreAllMocks());

  it('saves the CSV under the name the server gives, saying so while it runs', async () => {
    const { saved } = stubDownloads();
    let finish: () => void = () => {};
    const { exports } = withExport(
      () =>
        new Promise((resolve) => {
          finish = () =>
            resolve(
              new Response('Carrier,Written Premium\nAcme,1\n', {
                headers: {
                  'content-type': 'text/csv',
                  'content-disposition': 'attachment; filename="Prairie_Oak_Insurance_Agency_YTD.csv"',
                },
              }),
            );
        }),
    );
    await loaded();
    await userEvent.click(
      screen.getByRole('button', { name: `Download Carrier Production for ${ytd.displayText}` }),
    );
    expect(await screen.findByRole('button', { name: 'Generating download...' })).toBeDisabled();
    const query = new URLSearchParams(exports[0]!.split('?')[1]);
    expect(query.get('displayText')).toBe(ytd.displayText);
    expect(query.get('startDate')).toBe(ytd.startDate);
    expect(query.get('levelUuid')).toBe(ids.agency);
    expect(query.get('view')).toBe('carriers');

    finish();
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:csv', download: 'Prairie_Oak_Insurance_Agency_YTD.csv' }]),
    );
    expect(
      await screen.findByRole('button', { name: `Download Carrier Production for ${ytd.displayText}` }),
    ).toBeEnabled();
  });

  it('logs a failure and enables the button again', async () => {
    allowConsoleError();
    const { saved } = stubDownloads();
    withExport(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'internal', message: 'Failed' }, referenceId: 'r' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    await loaded();
    const error = vi.spyOn(console, 'error');
    await userEvent.click(
      screen.getByRole('button', { name: `Download Carrier Production for ${ytd.displayText}` }),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: `Download Carrier Production for ${ytd.displayText}` }),
      ).toBeEnabled(),
    );
    expect(error).toHaveBeenCalledWith('The Carrier Production download failed.', expect.anything());
    expect(saved).toEqual([]);
  });
});

describe('a cold load of /production (decision 056)', () => {
  it("asks for the shell's data and the report together, once the user is known, and the page reuses them", async () => {
    const api = shellApi({ user: networkUser });
    api.handlers['/api/core-production/by-agency'] = () => ({ status: 200, body: byAgency });
    api.handlers['/api/mapping/standard-types'] = () => ({ status: 200, body: { tree } });
    vi.stubGlobal('fetch', api.fetchImpl);
    const queryClient = createQueryClient({ retries: false });
    const path = '/production?view=agencies';

    prefetchShell(queryClient, new URL(path, 'http://localhost'));
    const asked = (endpoint: string) => api.calls.filter((c) => c.url.split('?')[0] === endpoint).length;
    await waitFor(() => expect(asked('/api/core-production/by-agency')).toBe(1));
    // Nothing is drawn yet: the flags, the access records and the report were asked for side by side.
    for (const endpoint of ['/api/user', '/api/features', '/api/user/access', '/api/product-features']) {
      expect(asked(endpoint), endpoint).toBe(1);
    }
    expect(api.calls.find((c) => c.url.startsWith('/api/core-production/'))?.url).toContain(
      `levelUuid=${ids.network}`,
    );

    renderRoutes(appRoutes, path, { queryClient });
    expect(await screen.findByRole('rowheader', { name: /Prairie Oak/ })).toBeInTheDocument();
    expect(asked('/api/core-production/by-agency')).toBe(1);
    expect(asked('/api/user')).toBe(1);
    expect(asked('/api/features')).toBe(1);
  });
});
