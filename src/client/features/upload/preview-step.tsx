import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
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

/**
 * Step 4: what committing would write — row errors (which row, which column, why) and totals per
 * carrier, agency and month. Nothing is written until Commit, and a file with errors cannot commit.
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
  const preview = useQuery(importPreviewQuery(record.uploadUuid));
  const [message, setMessage] = useState<string | null>(null);
  const commit = useMutation({
    mutationFn: () => commitUpload(record.uploadUuid),
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
  return (
    <Stack gap="md">
      <Title order={2}>Preview</Title>
      <Text size="sm">
        {p.rowCount.toLocaleString('en-US')} rows: {p.rowsToLoad.toLocaleString('en-US')} to load,{' '}
        {p.rowsMiscellaneous.toLocaleString('en-US')} in Miscellaneous, {p.errorCount.toLocaleString('en-US')}{' '}
        with errors.
        {p.skipped &&
          p.skipped.repeatedHeaders + p.skipped.totals > 0 &&
          ` Left out as report furniture: ${p.skipped.repeatedHeaders.toLocaleString('en-US')} repeated header ${p.skipped.repeatedHeaders === 1 ? 'row' : 'rows'} and ${p.skipped.totals.toLocaleString('en-US')} total ${p.skipped.totals === 1 ? 'row' : 'rows'}.`}{' '}
        Nothing is written until you commit; the file&apos;s carrier, agency code and months are replaced,
        never added twice.
        {record.amounts === 'ytd' &&
          " The file's year-to-date amounts are shown as each month's figures: the year to date less what the year already holds."}
      </Text>
      {p.errorCount > 0 && (
        <Alert color="red" title={`${p.errorCount.toLocaleString('en-US')} rows cannot be loaded`}>
          Correct the file or its mapping; nothing is loaded while a row has an error.
        </Alert>
      )}
      {p.errorCount > 0 && <ErrorsTable preview={p} />}
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
          onClick={() => commit.mutate()}
          loading={commit.isPending}
          disabled={p.errorCount > 0 || p.rowsToLoad === 0}
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
