import { useState, type FormEvent } from 'react';
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
  const [columns, setColumns] = useState<Partial<Record<ImportField, string>>>(
    () => record.columns ?? record.proposed.columns,
  );
  const [amounts, setAmounts] = useState<ImportAmounts>(() =>
    record.columns ? record.amounts : record.proposed.amounts,
  );
  const [oneMonth, setOneMonth] = useState(() => record.detected.oneMonth ?? false);
  const [dateOrder, setDateOrder] = useState<DateOrder | typeof DETECT>(DETECT);
  const [decimalSeparator, setDecimalSeparator] = useState<DecimalSeparator | typeof DETECT>(DETECT);
  const [remember, setRemember] = useState(true);
  const [profileName, setProfileName] = useState(record.proposed.profileName ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const headerColumns = columnChoices(record.header);
  // Columns named by their letters: a name two columns share, or none.
  const lettered = headerColumns.filter((key, at) => key !== record.header[at]?.trim());
  const save = useMutation({
    mutationFn: () =>
      mapColumns(
        record.uploadUuid,
        oneMonth ? withoutMonth(columns) : columns,
        amounts,
        remember ? profileName.trim() || undefined : null,
        {
          oneMonth,
          ...(dateOrder === DETECT ? {} : { dateOrder }),
          ...(decimalSeparator === DETECT ? {} : { decimalSeparator }),
        },
      ),
    onSuccess: onMapped,
    onError: (error) => {
      if (error instanceof ApiError && error.status < 500) {
        setProblems(error.body?.error.fields ?? {});
        setMessage(error.message);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    setMessage(null);
    save.mutate();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="column-step-title">
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
            <SearchableSelect
              key={field}
              label={IMPORT_FIELD_LABELS[field]}
              placeholder={NOT_IN_FILE}
              data={headerColumns}
              value={field === 'month' && oneMonth ? null : (columns[field] ?? null)}
              disabled={field === 'month' && oneMonth}
              clearable
              onChange={(value) =>
                setColumns((previous) => {
                  const { [field]: _old, ...rest } = previous;
                  return value ? { ...rest, [field]: value } : rest;
                })
              }
              error={problems[field]}
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
          checked={oneMonth}
          onChange={(e) => setOneMonth(e.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          <NativeSelect
            label="Dates in this file"
            description="Detected when a date such as 31/01/2026 shows the order; otherwise you are asked."
            value={dateOrder}
            onChange={(e) => setDateOrder(e.currentTarget.value as DateOrder | typeof DETECT)}
            data={[
              { value: DETECT, label: DETECT_LABEL },
              ...DATE_ORDERS.map((o) => ({ value: o, label: DATE_ORDER_LABELS[o] })),
            ]}
            error={problems.dateOrder}
          />
          <NativeSelect
            label="Amounts in this file"
            description="Detected when an amount such as 1.234,56 shows the separator; otherwise you are asked."
            value={decimalSeparator}
            onChange={(e) => setDecimalSeparator(e.currentTarget.value as DecimalSeparator | typeof DETECT)}
            data={[
              { value: DETECT, label: DETECT_LABEL },
              ...DECIMAL_SEPARATORS.map((o) => ({ value: o, label: DECIMAL_SEPARATOR_LABELS[o] })),
            ]}
            error={problems.decimalSeparator}
          />
        </SimpleGrid>
        <Radio.Group
          label="The amounts in this file are"
          description="Year-to-date amounts are loaded as each month's figures: the year to date less what the year already holds."
          value={amounts}
          onChange={(value) => setAmounts(value)}
        >
          <Stack gap={6} mt={6}>
            {IMPORT_AMOUNTS.map((option) => (
              <Radio key={option} value={option} label={IMPORT_AMOUNTS_LABELS[option]} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox
          label="Remember this mapping for files with the same columns"
          checked={remember}
          onChange={(e) => setRemember(e.currentTarget.checked)}
        />
        {remember && (
          <TextInput
            label="Profile name"
            description="Leave blank for a name from the kind of file."
            maw={360}
            value={profileName}
            onChange={(e) => setProfileName(e.currentTarget.value)}
            error={problems.profileName}
            maxLength={100}
          />
        )}
        {message && (
          <Alert color="red" title="The columns cannot be read this way">
            {message}
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
