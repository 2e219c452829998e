import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ImportRecordResponse } from '#shared/contracts/import.ts';
import {
  IMPORT_AMOUNTS,
  IMPORT_AMOUNTS_LABELS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  columnChoices,
  type ImportAmounts,
  type ImportField,
} from '#shared/domain/import-matching.ts';
import {
  DATE_ORDER_LABELS,
  DATE_ORDERS,
  DECIMAL_SEPARATOR_LABELS,
  DECIMAL_SEPARATORS,
  type DateOrder,
  type DecimalSeparator,
} from '#shared/domain/import-values.ts';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { mapColumns } from './upload-api.ts';

const NOT_IN_FILE = 'Not in the file';
const DETECT = 'detect';
const DETECT_LABEL = 'Detect from the file';

/** The step's fields; the server checks the mapping against the file and its contract. */
type ColumnFields = {
  columns: Partial<Record<ImportField, string>>;
  amounts: ImportAmounts;
  oneMonth: boolean;
  dateOrder: DateOrder | typeof DETECT;
  decimalSeparator: DecimalSeparator | typeof DETECT;
  remember: boolean;
  profileName: string;
};

const withoutMonth = (columns: Partial<Record<ImportField, string>>) => {
  const { month: _month, ...rest } = columns;
  return rest;
};

/**
 * Step 2: which column holds which field, proposed from the network's saved profile for this header
 * or suggested from the column names, and saved as a profile so next month's file maps itself.
 */
export function ColumnStep({
  record,
  onMapped,
  onCancel,
}: {
  record: ImportRecordResponse;
  onMapped: (record: ImportRecordResponse) => void;
  onCancel: () => void;
}) {
  const fields = IMPORT_FIELDS[record.kind] as readonly ImportField[];
  const { control, register, handleSubmit } = useForm<ColumnFields>({
    defaultValues: {
      columns: record.columns ?? record.proposed.columns,
      amounts: record.columns ? record.amounts : record.proposed.amounts,
      oneMonth: record.detected.oneMonth ?? false,
      dateOrder: DETECT,
      decimalSeparator: DETECT,
      remember: true,
      profileName: record.proposed.profileName ?? '',
    },
  });
  const [oneMonth, remember] = useWatch({ control, name: ['oneMonth', 'remember'] });
  const headerColumns = columnChoices(record.header);
  // Columns named by their letters: a name two columns share, or none.
  const lettered = headerColumns.filter((key, at) => key !== record.header[at]?.trim());
  const save = useMutation({
    mutationFn: (form: ColumnFields) =>
      mapColumns(
        record.uploadUuid,
        form.oneMonth ? withoutMonth(form.columns) : form.columns,
        form.amounts,
        form.remember ? form.profileName.trim() || undefined : null,
        {
          oneMonth: form.oneMonth,
          ...(form.dateOrder === DETECT ? {} : { dateOrder: form.dateOrder }),
          ...(form.decimalSeparator === DETECT ? {} : { decimalSeparator: form.decimalSeparator }),
        },
      ),
    onSuccess: onMapped,
  });
  // The server's refusal: its message, and each field's beside the field.
  const refused = save.error instanceof ApiError && save.error.status < 500 ? save.error : null;
  const problems: Record<string, string> = refused?.body?.error.fields ?? {};
  const submit = handleSubmit((form) => save.mutate(form));

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="column-step-title">
      <Stack gap="md">
        <Title order={2} id="column-step-title">
          Map the columns
        </Title>
        <Text size="sm">
          {record.proposed.profileName
            ? `Proposed from the saved profile "${record.proposed.profileName}".`
            : 'Suggested from the column names. Check each field.'}{' '}
          Header found on row {record.detected.headerRowNumber}
          {record.detected.sheet ? ` of the sheet "${record.detected.sheet}"` : ''}.
        </Text>
        {lettered.length > 0 && (
          <Text size="sm">
            Columns that share a name, or have none, are told apart by their letters as a spreadsheet shows
            them: {lettered.join(', ')}.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          {fields.map((field) => (
            <Controller
              key={field}
              control={control}
              name={`columns.${field}`}
              render={({ field: input }) => (
                <SearchableSelect
                  label={IMPORT_FIELD_LABELS[field]}
                  placeholder={NOT_IN_FILE}
                  data={headerColumns}
                  value={field === 'month' && oneMonth ? null : (input.value ?? null)}
                  disabled={field === 'month' && oneMonth}
                  clearable
                  onChange={(value) => input.onChange(value ?? undefined)}
                  error={problems[field]}
                />
              )}
            />
          ))}
        </SimpleGrid>
        {problems.amounts && (
          <Text c="red.8" size="sm">
            {problems.amounts}
          </Text>
        )}
        <Checkbox
          label={`The whole file is one month: every row belongs to ${record.coversThrough}, the month it covers`}
          description="Only for a file without a month column. A file whose rows carry their dates in a column is refused: map that column as the Month."
          {...register('oneMonth')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          <NativeSelect
            label="Dates in this file"
            description="Detected when a date such as 31/01/2026 shows the order; otherwise you are asked."
            {...register('dateOrder')}
            data={[
              { value: DETECT, label: DETECT_LABEL },
              ...DATE_ORDERS.map((o) => ({ value: o, label: DATE_ORDER_LABELS[o] })),
            ]}
            error={problems.dateOrder}
          />
          <NativeSelect
            label="Amounts in this file"
            description="Detected when an amount such as 1.234,56 shows the separator; otherwise you are asked."
            {...register('decimalSeparator')}
            data={[
              { value: DETECT, label: DETECT_LABEL },
              ...DECIMAL_SEPARATORS.map((o) => ({ value: o, label: DECIMAL_SEPARATOR_LABELS[o] })),
            ]}
            error={problems.decimalSeparator}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="amounts"
          render={({ field }) => (
            <Radio.Group
              label="The amounts in this file are"
              description="Year-to-date amounts are loaded as each month's figures: the year to date less what the year already holds."
              name={field.name}
              value={field.value}
              onChange={(value) => field.onChange(IMPORT_AMOUNTS.find((a) => a === value) ?? field.value)}
            >
              <Stack gap={6} mt={6}>
                {IMPORT_AMOUNTS.map((option) => (
                  <Radio key={option} value={option} label={IMPORT_AMOUNTS_LABELS[option]} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Checkbox label="Remember this mapping for files with the same columns" {...register('remember')} />
        {remember && (
          <TextInput
            label="Profile name"
            description="Leave blank for a name from the kind of file."
            maw={360}
            {...register('profileName')}
            error={problems.profileName}
            maxLength={100}
          />
        )}
        {refused && (
          <Alert color="red" title="The columns cannot be read this way">
            {refused.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Read the rows
          </Button>
          <Button variant="default" onClick={onCancel}>
            Back to uploads
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
