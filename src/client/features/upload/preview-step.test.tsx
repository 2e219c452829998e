import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportList, ImportPreview } from '#shared/contracts/import.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { uploadRecord } from '#tests/support/upload-fixtures.ts';
import { PreviewStep } from './preview-step.tsx';
import { UploadList } from './upload-list.tsx';
import { useQuery } from '@tanstack/react-query';
import { importListQuery } from './upload-api.ts';
import { useState } from 'react';

afterEach(() => vi.unstubAllGlobals());

const UPLOAD = '11111111-1111-4111-8111-111111111111';
const AGENCY = '22222222-2222-4222-8222-222222222222';
const LINE = '33333333-3333-4333-8333-333333333333';

const totals = (written: string | null) => ({
  writtenPremium: written,
  newWrittenPremium: null,
  earned: null,
  incurred: null,
  baseCommission: null,
  additionalCommission: null,
});

const record = uploadRecord({ uploadUuid: UPLOAD, errorCount: 2 });

function preview(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    rowCount: 4,
    rowsToLoad: 0,
    rowsMiscellaneous: 0,
    errorCount: 2,
    rowsWithErrors: 2,
    rowsWithoutErrors: 2,
    restatement: false,
    replaced: [],
    alreadyLoaded: null,
    errors: [
      { rowNumber: 3, column: 'Written Premium', reason: '"abc" is not an amount.' },
      { rowNumber: 4, column: 'Agency Code', reason: 'The agency code "Z-9" is not mapped.' },
    ],
    byCarrier: [],
    byAgency: [],
    byMonth: [],
    total: totals('120.02'),
    ...overrides,
  };
}

function renderPreview(answers: { plain: ImportPreview; restated?: ImportPreview }) {
  const { fetchImpl, calls } = fakeFetch({
    [`/api/imports/${UPLOAD}/preview`]: () => ({ status: 200, body: answers.plain }),
    [`/api/imports/${UPLOAD}/commit`]: () => ({ status: 200, body: { ...record, status: 'committed' } }),
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('restatement=true') && answers.restated) {
      calls.push({ url, init });
      return Promise.resolve(
        new Response(JSON.stringify(answers.restated), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    return fetchImpl(input, init);
  });
  const onCommitted = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PreviewStep record={record} onBack={vi.fn()} onCommitted={onCommitted} onCancel={vi.fn()} />
        ),
      },
    ],
    '/',
  );
  const commits = () =>
    calls.filter((c) => c.url.endsWith('/commit')).map((c) => JSON.parse(c.init!.body as string) as unknown);
  return { calls, commits, onCommitted };
}

describe('PreviewStep', () => {
  it('commits a file with rows in error only once they are excluded, naming how many', async () => {
    const { commits, onCommitted } = renderPreview({ plain: preview() });
    const commit = await screen.findByRole('button', { name: 'Commit' });
    expect(commit).toBeDisabled();
    expect(screen.getByText('2 rows cannot be loaded')).toBeInTheDocument();
    expect(
      screen.getByText(/^4 rows: 0 to load until the rows with errors are excluded or corrected, 0 in/),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Exclude the 2 rows with errors and load the other 2' }),
    );
    expect(commit).toBeEnabled();
    expect(screen.getByText(/^4 rows: 2 to load, 0 in/)).toBeInTheDocument();
    await userEvent.click(commit);
    await waitFor(() => expect(onCommitted).toHaveBeenCalled());
    expect(commits()).toEqual([{ restatement: false, excludeRowsWithErrors: 2 }]);
  });

  it('previews a full restatement, listing the figures it removes, and commits it as one', async () => {
    const clean = { errorCount: 0, rowsWithErrors: 0, rowsToLoad: 2, errors: [] };
    const restated = preview({
      ...clean,
      restatement: true,
      replaced: [
        {
          ...totals('1000.01'),
          agencyUuid: AGENCY,
          agencyName: 'Prairie Oak',
          lineUuid: LINE,
          lineName: 'Commercial Auto',
          removed: true,
          figures: 1,
        },
      ],
    });
    const { commits, calls } = renderPreview({ plain: preview(clean), restated });
    await screen.findByRole('button', { name: 'Commit' });
    expect(screen.queryByRole('table', { name: 'Figures replaced' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /This file is a full restatement/ }));
    const table = await screen.findByRole('table', { name: 'Figures replaced' });
    expect(calls.some((c) => c.url.includes('restatement=true'))).toBe(true);
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Prairie Oak',
      'Commercial Auto',
      'Removed',
      '$1,000.01',
      '—Not reported',
      '—Not reported',
      '—Not reported',
    ]);
    expect(screen.getByText('1 loaded lines will be removed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Commit' }));
    await waitFor(() => expect(commits()).toEqual([{ restatement: true }]));
  });

  it('warns that the same file was already loaded, naming the upload and its date', async () => {
    renderPreview({
      plain: preview({
        errorCount: 0,
        rowsWithErrors: 0,
        errors: [],
        rowsToLoad: 2,
        alreadyLoaded: { uploadUuid: AGENCY, fileName: 'may.csv', committedAt: '2026-11-02T09:30:00.000Z' },
      }),
    });
    expect(await screen.findByText('This file was already loaded')).toBeInTheDocument();
    expect(screen.getByText(/The same file was loaded as may\.csv on 2026-11-02 09:30/)).toBeInTheDocument();
  });
});

describe('UploadList', () => {
  function List() {
    const [page, setPage] = useState(1);
    const list = useQuery(importListQuery(undefined, page, true));
    return <UploadList list={list} page={page} onPage={setPage} onContinue={vi.fn()} onUndone={vi.fn()} />;
  }

  it('asks the server for each page, and discards an unloaded upload', async () => {
    const page = (n: number): ImportList => ({
      imports: [{ ...record, uploadUuid: UPLOAD, fileName: `page-${n}.csv` }],
      total: 230,
      page: n,
      pageSize: 25,
    });
    const { fetchImpl, calls } = fakeFetch({
      '/api/imports': () => ({ status: 200, body: page(1) }),
      [`/api/imports/${UPLOAD}/discard`]: () => ({ status: 200, body: { ...record, status: 'discarded' } }),
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const n = Number(new URLSearchParams(url.split('?')[1] ?? '').get('page') ?? '1');
      if (url.startsWith('/api/imports?')) {
        calls.push({ url, init });
        return Promise.resolve(
          new Response(JSON.stringify(page(n)), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
      return fetchImpl(input, init);
    });
    renderRoutes([{ path: '/', element: <List /> }], '/');
    expect(await screen.findByText('page-1.csv')).toBeInTheDocument();
    expect(screen.getByText('Expires 2026-11-27 10:00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(await screen.findByText('page-10.csv')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('page=10') && c.url.includes('pageSize=25'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Discard page-10.csv' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === `/api/imports/${UPLOAD}/discard` && c.init?.method === 'POST')).toBe(
        true,
      ),
    );
  });
});
