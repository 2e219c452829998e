import { useState } from 'react';
import { Alert, Button, Center, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ImportPreview, ImportRecordResponse } from '#shared/contracts/import.ts';
import { NotReported } from '#client/components/figures.tsx';
import { usePaging } from '#client/components/table-pager.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { commitUpload, importPreviewQuery } from './upload-api.ts';

type Totals = ImportPreview['total'];
type AmountKey = keyof Totals;

const COLUMNS: Record<ImportRecordResponse['kind'], { key: AmountKey; label: string }[]> = {
  production: [
    { key: 'writtenPremium', label: 'Written premium' },
    { key: 'newWrittenPremium', label: 'New written premium' },
    { key: 'earned', label: 'Earned' },
    { key: 'incurred', label: 'Incurred' },
  ],
  commission: [
    { key: 'writtenPremium', label: 'Written premium' },
    { key: 'baseCommission', label: 'Base commission' },
    { key: 'additionalCommission', label: 'Additional commission' },
  ],
};

const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The server's exact sum, with its cents: a preview is checked against the file to the cent (reports
 * show USD without cents). Blank stays "not reported".
 */
function Exact({ value }: { value: string | null }) {
  return value === null ? <NotReported /> : <>{cents.format(Number(value))}</>;
}

function TotalsTable({
  caption,
  first,
  rows,
  kind,
}: {
  caption: string;
  first: string;
  rows: readonly (Totals & { key: string; name: string })[];
  kind: ImportRecordResponse['kind'];
}) {
  const { shown, pager } = usePaging(rows);
  return (
    <Stack gap="xs">
      <Table striped withTableBorder aria-label={caption}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            {COLUMNS[kind].map((c) => (
              <Table.Th key={c.key} ta="right">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.name}</Table.Td>
              {COLUMNS[kind].map((c) => (
                <Table.Td key={c.key} ta="right">
                  <Exact value={row[c.key]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pager}
    </Stack>
  );
}

function ErrorsTable({ preview }: { preview: ImportPreview }) {
  const { shown, pager } = usePaging(preview.errors);
  return (
    <Stack gap="xs">
      <Table striped withTableBorder aria-label="Row errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((e) => (
            <Table.Tr key={`${e.rowNumber}|${e.column}|${e.reason}`}>
              <Table.Td>{e.rowNumber}</Table.Td>
              <Table.Td>{e.column}</Table.Td>
              <Table.Td>{e.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pager}
      {preview.errorCount > preview.errors.length && (
        <Text size="sm">
          The first {preview.errors.length.toLocaleString('en-US')} of{' '}
          {preview.errorCount.toLocaleString('en-US')} errors are shown.
        </Text>
      )}
    </Stack>
  );
}

/** The figures loaded now that the commit replaces or (a restatement's) removes, by agency and line. */
function ReplacedTable({ preview, kind }: { preview: ImportPreview; kind: ImportRecordResponse['kind'] }) {
  const { shown, pager } = usePaging(preview.replaced);
  return (
    <Stack gap="xs">
      <Table striped withTableBorder aria-label="Figures replaced">
        <Table.Caption>Figures loaded now that the commit replaces</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agency</Table.Th>
            <Table.Th>Line</Table.Th>
            <Table.Th>What happens</Table.Th>
            {COLUMNS[kind].map((c) => (
              <Table.Th key={c.key} ta="right">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((r) => (
            <Table.Tr key={`${r.agencyUuid}|${r.lineUuid}|${r.removed}`}>
              <Table.Td>{r.agencyName}</Table.Td>
              <Table.Td>{r.lineName}</Table.Td>
              <Table.Td>{r.removed ? 'Removed' : 'Replaced by the file'}</Table.Td>
              {COLUMNS[kind].map((c) => (
                <Table.Td key={c.key} ta="right">
                  <Exact value={r[c.key]} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pager}
    </Stack>
  );
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * Step 4: what committing would write — row errors (which row, which column, why), totals per
 * carrier, agency and month, and the loaded figures it replaces. Nothing is written until Commit. A
 * file replaces only the lines it has figures for unless it is declared a full restatement; rows with
 * errors stop the commit unless they are excluded explicitly.
 */
export function PreviewStep({
  record,
  onBack,
  onCommitted,
  onCancel,
}: {
  record: ImportRecordResponse;
  onBack: () => void;
  onCommitted: (record: ImportRecordResponse) => void;
  onCancel: () => void;
}) {
  const [restatement, setRestatement] = useState(false);
  const [exclude, setExclude] = useState(false);
  const preview = useQuery(importPreviewQuery(record.uploadUuid, restatement));
  const [message, setMessage] = useState<string | null>(null);
  const commit = useMutation({
    mutationFn: (p: ImportPreview) =>
      commitUpload(record.uploadUuid, {
        restatement,
        ...(exclude && p.rowsWithErrors > 0 ? { excludeRowsWithErrors: p.rowsWithErrors } : {}),
      }),
    onSuccess: onCommitted,
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500) setMessage(error.message);
    },
  });

  if (preview.isPending) {
    return (
      <Center h={120}>
        <Loader aria-label="Preparing the preview" />
      </Center>
    );
  }
  if (preview.isError) {
    return (
      <Stack>
        <Alert color="red" title="The preview could not be made">
          {preview.error.message}
        </Alert>
        <Group>
          <Button variant="default" onClick={onBack}>
            Back to values
          </Button>
        </Group>
      </Stack>
    );
  }
  const p = preview.data;
  const excluding = exclude && p.rowsWithErrors > 0;
  const rowsToLoad = excluding ? p.rowsWithoutErrors : p.rowsToLoad;
  const removed = p.replaced.filter((r) => r.removed);
  return (
    <Stack gap="md">
      <Title order={2}>Preview</Title>
      <Text size="sm">
        {p.rowCount.toLocaleString('en-US')} rows: {rowsToLoad.toLocaleString('en-US')} to load
        {p.rowsWithErrors > 0 && !excluding && ' until the rows with errors are excluded or corrected'},{' '}
        {p.rowsMiscellaneous.toLocaleString('en-US')} in Miscellaneous,{' '}
        {p.rowsWithErrors.toLocaleString('en-US')} with errors.
        {p.skipped &&
          p.skipped.repeatedHeaders + p.skipped.totals > 0 &&
          ` Left out as report furniture: ${p.skipped.repeatedHeaders.toLocaleString('en-US')} repeated header ${p.skipped.repeatedHeaders === 1 ? 'row' : 'rows'} and ${p.skipped.totals.toLocaleString('en-US')} total ${p.skipped.totals === 1 ? 'row' : 'rows'}.`}{' '}
        Nothing is written until you commit; the lines the file has for each agency code and month are
        replaced, never added twice, and its other lines are kept unless the file is a full restatement.
        {record.amounts === 'ytd' &&
          " The file's year-to-date amounts are shown as each month's figures: the year to date less what the year already holds."}
      </Text>
      {p.alreadyLoaded && (
        <Alert color="red" title="This file was already loaded">
          The same file was loaded as {p.alreadyLoaded.fileName} on {when(p.alreadyLoaded.committedAt)}.
          Committing it again replaces those figures with the same ones.
        </Alert>
      )}
      {p.errorCount > 0 && (
        <Alert color="red" title={`${p.rowsWithErrors.toLocaleString('en-US')} rows cannot be loaded`}>
          Correct the file or its mapping, or exclude the rows with errors: nothing is loaded while a row has
          an error and is not excluded. The totals below leave these rows out.
        </Alert>
      )}
      {p.errorCount > 0 && <ErrorsTable preview={p} />}
      {p.rowsWithErrors > 0 && (
        <Checkbox
          label={`Exclude the ${p.rowsWithErrors.toLocaleString('en-US')} ${p.rowsWithErrors === 1 ? 'row' : 'rows'} with errors and load the other ${p.rowsWithoutErrors.toLocaleString('en-US')}`}
          checked={exclude}
          onChange={(event) => setExclude(event.currentTarget.checked)}
        />
      )}
      <Checkbox
        label="This file is a full restatement: remove the loaded lines it has no figures for in its agency codes and months"
        checked={restatement}
        onChange={(event) => setRestatement(event.currentTarget.checked)}
      />
      {restatement && removed.length === 0 && <Text size="sm">No loaded figure would be removed.</Text>}
      {removed.length > 0 && (
        <Alert color="red" title={`${removed.length.toLocaleString('en-US')} loaded lines will be removed`}>
          The file has no figures for these lines in its agency codes and months: committing it as a full
          restatement removes them (see the table of figures replaced).
        </Alert>
      )}
      {p.replaced.length > 0 && <ReplacedTable preview={p} kind={record.kind} />}
      <TotalsTable
        caption="Totals by carrier"
        first="Carrier"
        kind={record.kind}
        rows={p.byCarrier.map((r) => ({ ...r, key: r.carrierUuid }))}
      />
      <TotalsTable
        caption="Totals by agency"
        first="Agency"
        kind={record.kind}
        rows={p.byAgency.map((r) => ({ ...r, key: r.agencyUuid }))}
      />
      <TotalsTable
        caption="Totals by month"
        first="Month"
        kind={record.kind}
        rows={[
          ...p.byMonth.map((r) => ({ ...r, key: r.month, name: r.month.slice(0, 7) })),
          { ...p.total, key: 'total', name: 'Total' },
        ]}
      />
      {message && (
        <Alert color="red" title="Not loaded">
          {message}
        </Alert>
      )}
      <Group>
        <Button
          onClick={() => commit.mutate(p)}
          loading={commit.isPending}
          disabled={(p.errorCount > 0 && !excluding) || rowsToLoad === 0}
        >
          Commit
        </Button>
        <Button variant="default" onClick={onBack}>
          Back to values
        </Button>
        <Button variant="default" onClick={onCancel}>
          Back to uploads
        </Button>
      </Group>
    </Stack>
  );
}
