import { useId, useRef, useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agreementTemplateCsv,
  importAgreementsResponseSchema,
} from '#shared/contracts/profit-sharing-import.ts';
import { saveFile } from '#client/components/report/save-file.ts';
import { apiDownload, apiRequest, ApiError } from '#client/lib/api-client.ts';
import { agreementCarriersQuery } from './profit-sharing-api.ts';

/** GET /api/profit-sharing/agreements/export.xlsx: the CSV's rows as a spreadsheet. */
export async function downloadAgreementsXlsx(levelUuid: string | undefined, year: number): Promise<void> {
  const params = new URLSearchParams({ year: String(year) });
  if (levelUuid) params.set('levelUuid', levelUuid);
  const { blob, contentDisposition } = await apiDownload(
    `/api/profit-sharing/agreements/export.xlsx?${params.toString()}`,
    { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  );
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  saveFile(blob, match?.[1] ?? `Profit_Sharing_${year}.xlsx`);
}

type Outcome = { tone: 'green'; text: string } | { tone: 'red'; text: string; problems: [string, string][] };

/**
 * Agreements from a filled CSV template: the template to download (an example agreement on a catalogue
 * carrier), and the upload. The server checks every row with the grid editor's contract and saves all
 * the file's agreements or none; its problems are listed by row and column.
 */
export function AgreementsImport({ levelUuid, year }: { levelUuid: string | undefined; year: number }) {
  const carriers = useQuery(agreementCarriersQuery);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const template = () => {
    const carrier = carriers.data?.carriers[0]?.name ?? 'Carrier name';
    const csv = agreementTemplateCsv(carrier, year);
    saveFile(new Blob([csv], { type: 'text/csv' }), `Profit_Sharing_Agreements_Template_${year}.csv`);
  };

  // The server saves all the file's agreements or none.
  const importFile = useMutation({
    mutationFn: async (chosen: File) =>
      apiRequest('/api/profit-sharing/agreements/import', importAgreementsResponseSchema, {
        method: 'POST',
        body: { ...(levelUuid ? { levelUuid } : {}), csv: await chosen.text() },
      }),
    onMutate: () => setOutcome(null),
    onSuccess: async ({ imported }, chosen) => {
      await queryClient.invalidateQueries({ queryKey: ['profit-sharing'] });
      setOutcome({
        tone: 'green',
        text: `${imported} ${imported === 1 ? 'agreement' : 'agreements'} imported from ${chosen.name}.`,
      });
      setFile(null);
      if (input.current) input.current.value = '';
    },
    onError: (failure) =>
      setOutcome({
        tone: 'red',
        text: failure instanceof ApiError ? failure.message : 'The import failed. Try again.',
        problems: failure instanceof ApiError ? Object.entries(failure.body?.error.fields ?? {}) : [],
      }),
  });
  const upload = () => {
    if (file) importFile.mutate(file);
    else setOutcome({ tone: 'red', text: 'Choose the filled template first.', problems: [] });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="import-agreements">
      <Stack gap="sm">
        <Title order={2} size="h4" id="import-agreements">
          Import agreements from a CSV
        </Title>
        <Text size="sm">
          Fill the template in a spreadsheet from the carrier&apos;s agreement, one row per cell of its grid,
          then import it: every agreement of the file is saved, or none when a row has a problem.
        </Text>
        <Group align="flex-end">
          <Button variant="default" onClick={template} disabled={!carriers.data}>
            Download the template
          </Button>
          <Stack gap={4}>
            <Text component="label" htmlFor={inputId} size="sm" fw={500}>
              Filled template (CSV)
            </Text>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </Stack>
          <Button loading={importFile.isPending} onClick={upload}>
            Import
          </Button>
        </Group>
        {outcome && (
          <Alert
            color={outcome.tone}
            role={outcome.tone === 'red' ? 'alert' : 'status'}
            title={outcome.tone === 'red' ? 'Nothing was imported' : undefined}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setOutcome(null)}
          >
            {outcome.tone === 'red' && outcome.problems.length > 0 ? (
              <List size="sm" aria-label="Problems in the file">
                {outcome.problems.map(([where, problem]) => (
                  <List.Item key={where}>
                    {where}: {problem}
                  </List.Item>
                ))}
              </List>
            ) : (
              outcome.text
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
