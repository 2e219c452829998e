import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { uploadRecord } from '#tests/support/upload-fixtures.ts';
import { ColumnStep } from './column-step.tsx';

afterEach(() => vi.unstubAllGlobals());

const record = uploadRecord({
  header: ['Agent Code', '', 'Month', 'Premium', 'Premium', ''],
  columns: null,
  proposed: {
    profileName: null,
    columns: { agencyCode: 'Agent Code', month: 'Month', writtenPremium: 'Premium (column D)' },
    amounts: 'monthly',
  },
});

describe('The column step', () => {
  it('offers two columns of one name, and a column without a name, each by its letters', async () => {
    const { fetchImpl, calls } = fakeFetch({
      [`/api/imports/${record.uploadUuid}/columns`]: () => ({ status: 200, body: record }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    const onMapped = vi.fn();
    renderRoutes(
      [{ path: '/', element: <ColumnStep record={record} onMapped={onMapped} onCancel={vi.fn()} /> }],
      '/',
    );

    expect(
      screen.getByText(
        'Columns that share a name, or have none, are told apart by their letters as a spreadsheet shows them: Column B (no name), Premium (column D), Premium (column E).',
      ),
    ).toBeInTheDocument();
    const written = screen.getByRole('combobox', { name: 'Written premium' });
    expect(written).toHaveValue('Premium (column D)');
    await userEvent.click(written);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Agent Code', 'Column B (no name)', 'Month', 'Premium (column D)', 'Premium (column E)']);
    await userEvent.click(screen.getByRole('option', { name: 'Premium (column E)' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'New written premium' }));
    await userEvent.click(screen.getByRole('option', { name: 'Premium (column D)' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Policy type / standard type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Column B (no name)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Read the rows' }));

    await vi.waitFor(() => expect(onMapped).toHaveBeenCalled());
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect((JSON.parse(put?.init?.body as string) as { columns: unknown }).columns).toEqual({
      agencyCode: 'Agent Code',
      month: 'Month',
      writtenPremium: 'Premium (column E)',
      newWrittenPremium: 'Premium (column D)',
      lineOfBusiness: 'Column B (no name)',
    });
  });

  it('sends a one-month file without its month column and without a profile, and shows the refusal at its fields', async () => {
    const { fetchImpl, calls } = fakeFetch({
      [`/api/imports/${record.uploadUuid}/columns`]: () => ({
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'The file has no column for the carrier.',
            fields: { dateOrder: 'Tell how the file writes its dates.' },
          },
          referenceId: 'r-400',
        },
      }),
    });
    vi.stubGlobal('fetch', fetchImpl);
    const onMapped = vi.fn();
    renderRoutes(
      [{ path: '/', element: <ColumnStep record={record} onMapped={onMapped} onCancel={vi.fn()} /> }],
      '/',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /The whole file is one month/ }));
    expect(screen.getByRole('combobox', { name: 'Month' })).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', { name: 'Remember this mapping for files with the same columns' }),
    );
    expect(screen.queryByRole('textbox', { name: 'Profile name' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dates in this file' }), 'day-first');
    await user.click(screen.getByRole('radio', { name: /year to date/i }));
    await user.click(screen.getByRole('button', { name: 'Read the rows' }));

    expect(await screen.findByText('The columns cannot be read this way')).toBeInTheDocument();
    expect(screen.getByText('The file has no column for the carrier.')).toBeInTheDocument();
    expect(screen.getByText('Tell how the file writes its dates.')).toBeInTheDocument();
    expect(onMapped).not.toHaveBeenCalled();
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(put?.init?.body as string)).toEqual({
      columns: { agencyCode: 'Agent Code', writtenPremium: 'Premium (column D)' },
      amounts: 'ytd',
      oneMonth: true,
      dateOrder: 'day-first',
      profileName: null,
    });
  });
});
