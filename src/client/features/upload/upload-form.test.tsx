import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { UploadForm } from './upload-form.tsx';

function renderForm() {
  const { fetchImpl, calls } = fakeFetch({
    '/api/carriers/': () => ({ status: 200, body: { carriers: [] } }),
  });
  vi.stubGlobal('fetch', fetchImpl);
  const onUploaded = vi.fn();
  renderRoutes(
    [
      {
        path: '/upload',
        element: <UploadForm networkUuid={undefined} disabled={false} onUploaded={onUploaded} />,
      },
    ],
    '/upload',
  );
  const uploads = () => calls.filter((c) => c.url.startsWith('/api/imports'));
  return { uploads, onUploaded };
}

const choose = (names: string[]) =>
  fireEvent.change(screen.getByLabelText('Files (CSV, text or XLSX)'), {
    target: { files: names.map((name) => new File(['a,b\n1,2\n'], name, { type: 'text/csv' })) },
  });

describe('UploadForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a file and a month the server takes, naming each field, and sends nothing', async () => {
    const { uploads } = renderForm();
    const month = await screen.findByLabelText(/Covers through/);
    await userEvent.clear(month);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Choose one or more CSV, text or XLSX files.')).toBeInTheDocument();
    expect(month).toHaveAccessibleDescription(
      expect.stringContaining('Choose the last year and month the file covers.') as string,
    );
    expect(uploads()).toEqual([]);
  });

  it('tells how to convert an old Excel workbook as soon as it is chosen', async () => {
    const { uploads } = renderForm();
    await screen.findByLabelText('Files (CSV, text or XLSX)');
    choose(['june.xls']);
    expect(
      await screen.findByText(/june\.xls: an Excel 97-2003 workbook \(\.xls\) cannot be read/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Files (CSV, text or XLSX)')).toHaveAttribute('aria-invalid', 'true');

    choose(['june.csv']);
    await waitFor(() =>
      expect(screen.getByLabelText('Files (CSV, text or XLSX)')).not.toHaveAttribute('aria-invalid'),
    );
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('june.csv');
    expect(uploads()).toEqual([]);
  });
});
