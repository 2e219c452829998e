import { useId, useRef, useState, type DragEvent } from 'react';
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
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  importKindSchema,
  importUploadQuerySchema,
  type ImportRecordResponse,
} from '#shared/contracts/import.ts';
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

/** The form's fields, checked by the upload's contract (kind, month) and the files' rules. */
const uploadFormSchema = z.object({
  kind: importKindSchema,
  carrier: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  coversThrough: importUploadQuerySchema.shape.coversThrough,
  files: z.array(z.custom<File>((v) => v instanceof File)).superRefine((files, context) => {
    const problem = files.length === 0 ? 'Choose one or more CSV, text or XLSX files.' : filesProblem(files);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});
type UploadFields = z.infer<typeof uploadFormSchema>;

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
  const { control, handleSubmit, setValue, resetField, formState } = useForm<UploadFields>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: {
      kind: 'production',
      carrier: initial?.carrier ?? null,
      coversThrough: initial?.through ?? latestReportingMonth(calendarDateIn(BUSINESS_TIME_ZONE)),
      files: [],
    },
  });
  const carrier = useWatch({ control, name: 'carrier' });
  const files = useWatch({ control, name: 'files' });
  const [search, setSearch] = useState(initial?.carrier?.name ?? FROM_THE_FILE_LABEL);
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

  // A file's problem shows as soon as it is chosen.
  const chooseFiles = (list: FileList | null) => {
    upload.reset();
    setValue('files', Array.from(list ?? []), { shouldValidate: true });
  };

  // The files one after another, each with its progress; a failure names its file and the rest go on.
  const upload = useMutation({
    mutationFn: async ({ kind, carrier, coversThrough, files }: UploadFields) => {
      const staged: ImportRecordResponse[] = [];
      const failed: string[] = [];
      for (const file of files) {
        setPhase({ fileName: file.name, stage: 'uploading', fraction: 0 });
        try {
          staged.push(
            await uploadFile(
              networkUuid,
              { kind, coversThrough, ...(carrier ? { carrierUuid: carrier.uuid } : {}) },
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
      return { staged, failed };
    },
    onSettled: () => setPhase(null),
    onSuccess: ({ staged }) => {
      if (staged.length === 0) return;
      resetField('files');
      if (input.current) input.current.value = '';
      onUploaded(staged);
    },
  });
  const failures = upload.data?.failed ?? [];
  const submit = handleSubmit((values) => upload.mutate(values));
  const problems = {
    files: formState.errors.files?.message,
    through: formState.errors.coversThrough?.message,
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    chooseFiles(event.dataTransfer.files);
  };

  const busy = upload.isPending;
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${inputId}-title`}>
      <Stack gap="md" maw={640}>
        <Title order={2} id={`${inputId}-title`}>
          New upload
        </Title>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <Radio.Group
              label="Kind of file"
              name={field.name}
              value={field.value}
              onChange={(value) => field.onChange(value === 'commission' ? 'commission' : 'production')}
            >
              <Group mt="xs">
                <Radio value="production" label="Production" />
                <Radio value="commission" label="Commission" />
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={control}
          name="carrier"
          render={({ field }) => (
            <SearchableSelect
              label="Carrier"
              description="The carrier of every row, or from the file when it has a carrier column."
              data={carrierOptions}
              value={field.value?.uuid ?? FROM_THE_FILE}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={
                search.trim().length < 3 ? 'Enter at least 3 characters' : 'No carrier found'
              }
              onChange={(value, option) =>
                field.onChange(
                  value && value !== FROM_THE_FILE ? { uuid: value, name: option?.label ?? '' } : null,
                )
              }
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={control}
          name="coversThrough"
          render={({ field }) => (
            <TextInput
              type="month"
              label="Covers through"
              description="The last year and month the file covers."
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(e) => field.onChange(e.currentTarget.value)}
              onBlur={field.onBlur}
              error={problems.through}
              required
            />
          )}
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
