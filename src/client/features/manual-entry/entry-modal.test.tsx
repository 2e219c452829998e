import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CarrierEntryRecord } from '#shared/contracts/manual-entry.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { agencyUser } from '#tests/support/shell-api.ts';
import { EntryModal } from './entry-modal.tsx';
import { BADGE_LINES, carrierGroups } from './manual-entry-model.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const today = { year: 2026, month: 11, day: 22 };
const ACME = '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0001';
const LEVEL = '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0009';
const codes = Array.from({ length: 8 }, (_, i) => ({
  uuid: `0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a01${String(i).padStart(2, '0')}`,
  code: `HAWK-0${i}`,
  name: `HAWK-0${i}`,
  parent: null,
}));

function entry(overrides: Partial<CarrierEntryRecord> = {}): CarrierEntryRecord {
  return {
    importUuid: '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0f01',
    version: 3,
    year: 2026,
    month: 2,
    date: '2026-02-01',
    dwp: 2500.35,
    newDwp: 150,
    '12Mm_dwp': 12000,
    incurred: 50.05,
    earned: 400,
    lossRatio: 0,
    radio: 'incurredLossEarnedPremium',
    companyUuid: ACME,
    companyName: 'Acme Mutual',
    policyTypeUuid: '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0e01',
    policyTypeCode: 'PL',
    agencyCode: codes[0]!.code,
    subCode: codes[0]!.code,
    subCodeUuid: codes[0]!.uuid,
    agencyUuid: LEVEL,
    agencyName: 'Hawkeye Agency',
    updatedAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

type Reply = { status: number; body: unknown };

function open({
  save = { status: 200, body: { recordset: [entry()] } },
  editing,
  entries = [entry()],
}: { save?: Reply; editing?: CarrierEntryRecord; entries?: CarrierEntryRecord[] } = {}) {
  const { fetchImpl, calls } = fakeFetch({
    '/api/user': () => ({ status: 200, body: { user: agencyUser, errorMessage: null } }),
    '/api/carriers/': () => ({
      status: 200,
      body: {
        carriers: [
          {
            uuid: ACME,
            name: 'Acme Mutual',
            displayName: 'Acme Mutual',
            isCrop: false,
            isCoreCarrier: false,
          },
        ],
      },
    }),
    '/api/carriers/onboarded': () => ({ status: 200, body: { carriers: [] } }),
    '/api/subcodes/fetch': () => ({ status: 200, body: { subCodes: codes } }),
    '/api/carrierentry/fetch': () => ({
      status: 200,
      body: { year: 2026, currentMonth: '2026-10', carriers: [], entries },
    }),
    '/api/carrierentry/new': () => save,
  });
  vi.stubGlobal('fetch', fetchImpl);
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <EntryModal opened onClose={onClose} levelUuid={LEVEL} today={today} year={2026} entry={editing} />
        ),
      },
    ],
    '/',
  );
  const searches = () => calls.filter((c) => c.url.startsWith('/api/carriers/?')).map((c) => c.url);
  const posted = () =>
    calls
      .filter((c) => c.init?.method === 'POST')
      .map((c) => JSON.parse(c.init!.body as string) as Record<string, unknown>);
  return { onClose, searches, posted };
}

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

/** Stage one with an existing sub-code, then Next. */
async function toStageTwo(subCode = codes[0]!.code) {
  await userEvent.type(textbox('Carrier'), 'Acme');
  await userEvent.click(await screen.findByRole('button', { name: 'Acme Mutual' }));
  await userEvent.type(textbox('Sub-code'), subCode);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('textbox', { name: /^Written Premium YTD/ });
}

describe('EntryModal: stage one', () => {
  it('searches carriers from 3 characters only, once typing pauses', async () => {
    const { searches } = open();
    expect(await screen.findByText('Enter at least 3 characters')).toBeInTheDocument();
    // The clock is the test's: however long the debounce, it has passed before the check.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(textbox('Carrier'), 'Ac');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(searches()).toEqual([]);
    await user.type(textbox('Carrier'), 'me');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('button', { name: 'Acme Mutual' })).toBeInTheDocument();
    expect(searches()).toEqual(['/api/carriers/?search=Acme&companyType=BILLING']);
    expect(screen.getByRole('button', { name: 'Cannot find your Carrier? Let us know' })).toBeInTheDocument();
  });

  it('lists at most 6 sub-codes and offers to create one that does not exist', async () => {
    open();
    await userEvent.type(textbox('Carrier'), 'Acme');
    await userEvent.click(await screen.findByRole('button', { name: 'Acme Mutual' }));
    await userEvent.click(textbox('Sub-code'));
    const list = await screen.findByRole('list', { name: 'Sub-codes' });
    expect(within(list).getAllByRole('button')).toHaveLength(6);
    await userEvent.type(textbox('Sub-code'), 'NEW-9');
    expect(screen.getByRole('button', { name: 'Click to create new subcode' })).toBeInTheDocument();
    expect(textbox('Sub-code')).toHaveAttribute('maxlength', '40');
  });

  it('shows "Required" under Carrier on blur or Next only, never while the user types a search', async () => {
    open();
    await userEvent.click(textbox('Carrier'));
    await userEvent.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await userEvent.type(textbox('Carrier'), 'Acm');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Acme Mutual' })).toBeInTheDocument();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('requires a carrier and a sub-code before Next', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Written Premium YTD/ })).not.toBeInTheDocument();
  });
});

describe('EntryModal: stage two and submission', () => {
  it('shows the rules of spec part 2 §5 and sends nothing while they fail', async () => {
    const { posted } = open();
    await toStageTwo();
    await userEvent.type(textbox('Written Premium YTD'), '12.5');
    await userEvent.click(screen.getByRole('radio', { name: 'Loss Ratio' }));
    await userEvent.type(textbox('Loss Ratio'), '55.123456');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Not a valid dollar amount')).toBeInTheDocument();
    expect(screen.getByText('Not a valid percent')).toBeInTheDocument();
    expect(screen.getAllByText('Required').length).toBeGreaterThan(0); // the line of business
    expect(posted()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(textbox('Carrier')).toHaveValue('Acme Mutual');
  });

  it('offers the working year and the two before, and months up to the current one', async () => {
    open();
    await toStageTwo();
    await userEvent.click(screen.getByRole('combobox', { name: /^Year/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['2026', '2025', '2024']);
    await userEvent.click(screen.getByRole('option', { name: '2025' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Month/ }));
    await userEvent.click(screen.getByRole('option', { name: 'December' }));
    // Back to the current year: December has not begun, so the month becomes November.
    await userEvent.click(screen.getByRole('combobox', { name: /^Year/ }));
    await userEvent.click(screen.getByRole('option', { name: '2026' }));
    expect(screen.getByRole('combobox', { name: /^Month/ })).toHaveValue('November');
  });

  it('warns that an entry at the same sub-code, line and month will be edited, and edits it', async () => {
    const { posted, onClose } = open();
    await toStageTwo();
    await userEvent.click(screen.getByRole('combobox', { name: /^Line of Business/ }));
    await userEvent.click(screen.getByRole('option', { name: 'PL' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Month/ }));
    await userEvent.click(screen.getByRole('option', { name: 'February' }));
    expect(
      await screen.findByText(
        'An entry already exists that matches these parameters. Submitting will edit it',
      ),
    ).toBeInTheDocument();
    // The form shows the entry's figures, so changing one keeps the others (nothing saved as 0).
    expect(textbox('Written Premium YTD')).toHaveValue('2,500.35');
    expect(textbox('New Business YTD')).toHaveValue('150.00');
    expect(textbox('12 Month Mover')).toHaveValue('12,000.00');
    expect(textbox('Incurred Loss YTD')).toHaveValue('50.05');
    expect(textbox('Earned Premium YTD')).toHaveValue('400.00');
    await userEvent.clear(textbox('Written Premium YTD'));
    await userEvent.type(textbox('Written Premium YTD'), '$3,000.00');
    // Another month, without an entry: the figures the user did not type go back to empty.
    await userEvent.click(screen.getByRole('combobox', { name: /^Month/ }));
    await userEvent.click(screen.getByRole('option', { name: 'March' }));
    await waitFor(() => expect(textbox('New Business YTD')).toHaveValue(''));
    expect(textbox('Written Premium YTD')).toHaveValue('$3,000.00');
    await userEvent.click(screen.getByRole('combobox', { name: /^Month/ }));
    await userEvent.click(screen.getByRole('option', { name: 'February' }));
    await waitFor(() => expect(textbox('New Business YTD')).toHaveValue('150.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(posted()).toEqual([
      expect.objectContaining({
        importUuid: entry().importUuid,
        version: 3,
        writtenPremium: '$3,000.00',
        newBusiness: '150.00',
        mover: '12,000.00',
        incurredLoss: '50.05',
        earnedPremium: '400.00',
        subCodeUuid: codes[0]!.uuid,
        policyType: 'PL',
        month: 2,
        year: 2026,
        radio: 'incurredLossEarnedPremium',
      }),
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's message in the form when the save fails, and stays open", async () => {
    const message = 'Someone else changed this entry after you opened it.';
    const { onClose } = open({
      editing: entry(),
      save: { status: 409, body: { error: { code: 'conflict', message }, referenceId: 'r1' } },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Existing Entry')).toBeInTheDocument();
    expect(within(dialog).getByRole('navigation', { name: 'Entry' })).toHaveTextContent('February 2026');
    expect(textbox('Written Premium YTD')).toHaveValue('2,500.35');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('carrierGroups', () => {
  it('groups by carrier, sub-code and line, newest first, with badges and months completed', () => {
    const groups = carrierGroups({
      year: 2026,
      currentMonth: '2026-10',
      carriers: [{ companyUuid: ACME, companyName: 'Acme Mutual', writtenPremiumYtd: 2900.35 }],
      entries: [
        entry({ month: 1, importUuid: '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0f02' }),
        entry({ month: 10, importUuid: '0b0c5a3e-4a55-4c8e-9d1a-7d1b1e0a0f03', policyTypeCode: 'CL' }),
        entry(),
      ],
    });
    expect(groups).toHaveLength(1);
    const [acme] = groups;
    expect(acme!.badges).toEqual({ CL: 'current', PL: 'entered', BOND: 'none', CROP: 'none' });
    expect([...acme!.monthsCompleted].sort((a, b) => a - b)).toEqual([1, 2, 10]);
    expect(acme!.subCodes[0]!.lines.map((l) => [l.code, l.entries.map((e) => e.month), l.current])).toEqual([
      // Spec part 1 §3: PL, CL, BOND, CROP.
      ['PL', [2, 1], false],
      ['CL', [10], true],
    ]);
    expect(BADGE_LINES).toEqual(['PL', 'CL', 'BOND', 'CROP']);
  });
});
