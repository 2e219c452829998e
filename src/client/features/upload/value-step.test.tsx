import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportValues } from '#shared/contracts/import.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { uploadRecord } from '#tests/support/upload-fixtures.ts';
import { ValueStep } from './value-step.tsx';

afterEach(() => vi.unstubAllGlobals());

const UPLOAD = '5a0c3f4e-1b2d-4e6f-8a9b-0c1d2e3f4a5b';
const CARRIER = '6b1d4a5f-2c3e-4f7a-9b0c-1d2e3f4a5b6c';
const CODE = '7c2e5b6a-3d4f-4a8b-8c1d-2e3f4a5b6c7d';
const RIVERBEND = '8d3f6c7b-4e5a-4b9c-9d2e-3f4a5b6c7d8e';

const record = uploadRecord({
  uploadUuid: UPLOAD,
  networkUuid: '9e4a7d8c-5f6b-4c0d-8e3f-4a5b6c7d8e9f',
  coversThrough: '2026-03',
  header: ['Agency Code', 'Carrier', 'Written Premium'],
  columns: { agencyCode: 'Agency Code', carrier: 'Carrier', writtenPremium: 'Written Premium' },
});

const value = (v: Partial<ImportValues['values'][number]>): ImportValues['values'][number] => ({
  dimension: 'carrier',
  carrierUuid: null,
  value: '',
  rows: 1,
  targetUuid: null,
  targetName: null,
  miscellaneous: false,
  how: 'unmapped',
  overridesExact: false,
  suggestions: [],
  ...v,
});

const values: ImportValues['values'] = [
  value({
    value: 'Riverbend Mutual Ins',
    suggestions: [{ id: RIVERBEND, name: 'Riverbend Mutual', score: 0.97, confidence: 0.97 }],
  }),
  value({
    value: 'Liberty Mutual',
    suggestions: [{ id: RIVERBEND, name: 'Riverbend Mutual', score: 0.625, confidence: 0.5 }],
  }),
  value({
    dimension: 'agencyCode',
    carrierUuid: CARRIER,
    value: 'A76152',
    suggestions: [{ id: CODE, name: 'A76151 Prairie Oak main (Prairie Oak)', score: 0.833, confidence: 0 }],
  }),
];

describe('Use suggested matches', () => {
  it('takes only confident suggestions and says how many values it left unmapped', async () => {
    const { fetchImpl, calls } = fakeFetch({
      [`/api/imports/${UPLOAD}/values`]: () => ({ status: 200, body: { values } }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    renderRoutes(
      [
        {
          path: '/',
          element: <ValueStep record={record} onBack={vi.fn()} onDone={vi.fn()} onCancel={vi.fn()} />,
        },
      ],
      '/',
    );

    expect(
      await screen.findByText(/Only suggestions of 90% confidence or more are used/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('unmapped-count')).toHaveTextContent('3');
    await userEvent.click(screen.getByRole('button', { name: 'Use suggested matches' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 suggested match used. 2 values left unmapped: no suggestion of 90% confidence or more. Choose their matches or put them in Miscellaneous.',
    );
    expect(screen.getByTestId('unmapped-count')).toHaveTextContent('2');

    await userEvent.click(screen.getByRole('button', { name: 'Submit changes' }));
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(put?.init?.body as string)).toEqual({
      mappings: [
        {
          dimension: 'carrier',
          carrierUuid: null,
          value: 'Riverbend Mutual Ins',
          targetUuid: RIVERBEND,
          miscellaneous: false,
        },
      ],
    });
  });
});
