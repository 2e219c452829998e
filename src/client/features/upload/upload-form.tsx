import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Group,
  List,
  Progress,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ImportRecordResponse } from '#shared/contracts/import.ts';
import { calendarDateIn, BUSINESS_TIME_ZONE, latestReportingMonth } from '#shared/domain/reporting-month.ts';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { carrierSearchQuery, uploadFile } from './upload-api.ts';

const FROM_THE_FILE = 'from-the-file';
const FROM_THE_FILE_LABEL = 'From the file';
/** What the server reads: CSV, tab-delimited or other text exports, and XLSX. */
const ACCEPTED = /\.(csv|txt|tsv|xlsx)$/i;
const OLD_EXCEL = /\.xls$/i;

/** Why some chosen files cannot be uploaded, or undefined; an old Excel file is told how to convert. */
function filesProblem(files: readonly File[]): string | undefined {
  const old = files.filter((f) => OLD_EXCEL.test(f.name)).map((f) => f.name);
  if (old.length > 0) {
    return `${old.join(', ')}: an Excel 97-2003 workbook (.xls) cannot be read. Open it in Excel and choose File > Save As > Excel Workbook (.xlsx), then upload the .xlsx file.`;
  }
  const refused = files.filter((f) => !ACCEPTED.test(f.name)).map((f) => f.name);
  return refused.length > 0 ? `Not a CSV, text or XLSX file: ${refused.join(', ')}.` : undefined;
}

type Phase = { fileName: string; stage: 'uploading' | 'parsing'; fraction: number };

/** An upload's failure as the user reads it, naming the file. */
function failureText(fileName: string, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0)
      return `${fileName}: the upload did not reach the server. Check the connection and try again.`;
    return `${fileName}: ${error.message}`;
  }
  return `${fileName}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The first step: the kind of file, its carrier (or "from the file"), the last month it covers,
 * and one or more CSV, text or XLSX files, uploaded one after another with their progress.
 */
export function UploadForm({
  networkUuid,
  disabled,
  onUploaded,
  initial,
}: {
  networkUuid: string | undefined;
  disabled: boolean;
  onUploaded: (records: ImportRecordResponse[]) => void;
  /** A carrier and month chosen beforehand (the monthly close links here with them). */
  initial?: { carrier: { uuid: string; name: string } | null; through: string | null };
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<'production' | 'commission'>('production');
  const [carrier, setCarrier] = useState<{ uuid: string; name: string } | null>(initial?.carrier ?? null);
  const [search, setSearch] = useState(initial?.carrier?.name ?? FROM_THE_FILE_LABEL);
  const [through, setThrough] = useState<string>(
    () => initial?.through ?? latestReportingMonth(calendarDateIn(BUSINESS_TIME_ZONE)),
  );
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failures, setFailures] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase | null>(null);
  const [dragging, setDragging] = useState(false);
  // The box shows the chosen option's label; only other text is a search.
  const chosenLabel = carrier?.name ?? FROM_THE_FILE_LABEL;
  const carriers = useQuery(carrierSearchQuery(search === chosenLabel ? '' : search));

  const carrierOptions = [
    { value: FROM_THE_FILE, label: FROM_THE_FILE_LABEL },
    ...(carrier ? [{ value: carrier.uuid, label: carrier.name }] : []),
    ...(carriers.data?.carriers ?? [])
      .filter((c) => c.uuid !== carrier?.uuid)
      .map((c) => ({ value: c.uuid, label: c.name })),
  ];

  const chooseFiles = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    setFiles(chosen);
    setFailures([]);
    const problem = filesProblem(chosen);
    setProblems((previous) => {
      const { files: _files, ...rest } = previous;
      return problem ? { ...rest, files: problem } : rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (files.length === 0) found.files = 'Choose one or more CSV, text or XLSX files.';
    const problem = filesProblem(files);
    if (problem) found.files = problem;
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(through))
      found.through = 'Choose the last year and month the file covers.';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const staged: ImportRecordResponse[] = [];
    const failed: string[] = [];
    for (const file of files) {
      setPhase({ fileName: file.name, stage: 'uploading', fraction: 0 });
      try {
        staged.push(
          await uploadFile(
            networkUuid,
            { kind, coversThrough: through, ...(carrier ? { carrierUuid: carrier.uuid } : {}) },
            file,
            {
              onProgress: (fraction) => setPhase({ fileName: file.name, stage: 'uploading', fraction }),
              onSent: () => setPhase({ fileName: file.name, stage: 'parsing', fraction: 1 }),
            },
          ),
        );
      } catch (error) {
        failed.push(failureText(file.name, error));
      }
    }
    setPhase(null);
    setFailures(failed);
    if (staged.length > 0) {
      setFiles([]);
      if (input.current) input.current.value = '';
      onUploaded(staged);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    chooseFiles(event.dataTransfer.files);
  };

  const busy = phase !== null;
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${inputId}-title`}>
      <Stack gap="md" maw={640}>
        <Title order={2} id={`${inputId}-title`}>
          New upload
        </Title>
        <Radio.Group
          label="Kind of file"
          value={kind}
          onChange={(value) => setKind(value === 'commission' ? 'commission' : 'production')}
        >
          <Group mt="xs">
            <Radio value="production" label="Production" />
            <Radio value="commission" label="Commission" />
          </Group>
        </Radio.Group>
        <SearchableSelect
          label="Carrier"
          description="The carrier of every row, or from the file when it has a carrier column."
          data={carrierOptions}
          value={carrier?.uuid ?? FROM_THE_FILE}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={search.trim().length < 3 ? 'Enter at least 3 characters' : 'No carrier found'}
          onChange={(value, option) =>
            setCarrier(value && value !== FROM_THE_FILE ? { uuid: value, name: option?.label ?? '' } : null)
          }
          allowDeselect={false}
        />
        <TextInput
          type="month"
          label="Covers through"
          description="The last year and month the file covers."
          value={through}
          onChange={(e) => setThrough(e.currentTarget.value)}
          error={problems.through}
          required
        />
        <Stack gap={4}>
          <Text component="label" htmlFor={inputId} fw={500} size="sm">
            Files (CSV, text or XLSX)
          </Text>
          <Box
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            p="md"
            style={{
              border: `2px dashed var(--mantine-color-${dragging ? 'blue-7' : 'gray-6'})`,
              borderRadius: 8,
            }}
          >
            <Stack gap={6}>
              <Text size="sm">Drop the files here, or choose them:</Text>
              <input
                ref={input}
                id={inputId}
                type="file"
                multiple
                accept=".csv,.txt,.tsv,.xlsx,text/csv,text/plain,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby={problems.files ? `${inputId}-error` : undefined}
                aria-invalid={problems.files ? true : undefined}
                onChange={(e) => chooseFiles(e.currentTarget.files)}
              />
              {files.length > 0 && (
                <List size="sm" aria-label="Chosen files">
                  {files.map((f) => (
                    <List.Item key={`${f.name}-${f.size}`}>
                      {f.name} ({Math.max(1, Math.round(f.size / 1024)).toLocaleString('en-US')} KB)
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </Box>
          {problems.files && (
            <Text id={`${inputId}-error`} c="red.8" size="sm">
              {problems.files}
            </Text>
          )}
        </Stack>
        {phase && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              {phase.stage === 'uploading' ? 'Uploading file...' : 'Parsing file(s)...'} {phase.fileName}
            </Text>
            <Progress.Root size="lg">
              <Progress.Section
                value={phase.stage === 'uploading' ? Math.round(phase.fraction * 100) : 100}
                animated={phase.stage === 'parsing'}
                striped={phase.stage === 'parsing'}
                aria-label={
                  phase.stage === 'uploading' ? `Uploading ${phase.fileName}` : `Parsing ${phase.fileName}`
                }
              />
            </Progress.Root>
          </Stack>
        )}
        {failures.length > 0 && (
          <Alert color="red" title="Not uploaded">
            <Stack gap={4}>
              {failures.map((f) => (
                <Text key={f} size="sm">
                  {f}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={disabled}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
