import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  AGREEMENT_BROAD_LINES,
  createAgreementBodySchema,
  MAX_GRID_SIZE,
  type Agreement,
  type CreateAgreementBody,
  type CreateAgreementInput,
} from '#shared/contracts/profit-sharing.ts';
import { workingYear, calendarDateIn, BUSINESS_TIME_ZONE } from '#shared/domain/reporting-month.ts';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { Select } from '#client/components/select.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import {
  agreementCarriersQuery,
  agreementQuery,
  createAgreement,
  saveAgreement,
} from './profit-sharing-api.ts';

type Form = CreateAgreementBody;

/** Up to three fields side by side, one under another on a narrow screen. */
const THREE_COLUMNS = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: 'var(--mantine-spacing-md)',
};
type FormInput = CreateAgreementInput;

const AXIS_OPTIONS = [
  { value: 'growth', label: 'Growth (%)' },
  { value: 'policiesInForce', label: 'Policies in force' },
  { value: 'premium', label: 'Premium ($)' },
];

/** A starting grid: three loss-ratio bands by three growth bands, the shape most carriers use. */
const STARTING_TERMS: FormInput['terms'] = {
  grid: {
    axis: 'growth',
    lossRatioUnder: [45, 50, 55],
    minimums: [0, 5, 10],
    rates: [
      [2, 2.5, 3],
      [1.5, 2, 2.5],
      [1, 1.5, 2],
    ],
  },
  gates: {
    minimumPremium: null,
    maximumLossRatio: 55,
    lossRatioYears: 1,
    minimumGrowth: null,
    largeLossCap: null,
  },
  kicker: null,
};

const textOf = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** A number field where empty means "none" (null). */
function NumberField<N extends FieldPath<FormInput>>({
  control,
  name,
  label,
  placeholder,
  w,
  labelHidden = false,
}: {
  control: Control<FormInput, unknown, Form>;
  name: N;
  label: string;
  placeholder?: string;
  w?: number;
  /** In the grid the headers say what a cell is: the label is for screen readers only. */
  labelHidden?: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={labelHidden ? undefined : label}
          aria-label={labelHidden ? label : undefined}
          placeholder={placeholder}
          w={w}
          inputMode="decimal"
          autoComplete="off"
          error={fieldState.error?.message}
          value={draft ?? textOf(field.value)}
          onFocus={() => setDraft(textOf(field.value))}
          onChange={(event) => {
            const text = event.currentTarget.value.replace(/[$,%\s]/g, '');
            if (!/^-?\d*\.?\d*$/.test(text)) return;
            setDraft(text);
            field.onChange(text === '' || text === '-' || text === '.' ? null : Number(text));
          }}
          onBlur={() => {
            setDraft(null);
            field.onBlur();
          }}
        />
      )}
    />
  );
}

function defaultsOf(agreement: Agreement | null, year: number, levelUuid: string | null): FormInput {
  if (agreement) {
    const { name, measure, lines, terms, policiesInForce, carrierUuid } = agreement;
    return { carrierUuid, year: agreement.year, name, measure, lines, terms, policiesInForce };
  }
  return {
    ...(levelUuid ? { levelUuid } : {}),
    carrierUuid: '',
    year,
    name: '',
    measure: 'writtenPremium',
    lines: { broadLines: [...AGREEMENT_BROAD_LINES], standardTypes: [] },
    terms: STARTING_TERMS,
    policiesInForce: null,
  };
}

function AgreementForm({ agreement }: { agreement: Agreement | null }) {
  const [params] = useSearchParams();
  const [today] = useState(() => calendarDateIn(BUSINESS_TIME_ZONE));
  const year = Number(params.get('year')) || workingYear(today);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const carriers = useQuery(agreementCarriersQuery);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, Form>({
    resolver: zodResolver(createAgreementBodySchema),
    defaultValues: defaultsOf(agreement, year, params.get('levelUuid')),
    mode: 'onTouched',
  });
  const grid = useWatch({ control, name: 'terms.grid' });
  const kicker = useWatch({ control, name: 'terms.kicker' });
  const save = useMutation({
    mutationFn: (form: Form) =>
      agreement
        ? saveAgreement(agreement.agreementUuid, {
            version: agreement.version,
            name: form.name,
            measure: form.measure,
            lines: form.lines,
            terms: form.terms,
            policiesInForce: form.policiesInForce,
          })
        : createAgreement(form),
    onMutate: () => setFailure(null),
    onSuccess: async (detail) => {
      await queryClient.invalidateQueries({ queryKey: ['profit-sharing'] });
      await navigate(`/profit-sharing/${detail.agreement.agreementUuid}`);
    },
    onError: (error) => {
      setFailure(error.message);
      const fields = error instanceof ApiError ? (error.body?.error.fields ?? {}) : {};
      for (const [field, message] of Object.entries(fields)) {
        setError(field as FieldPath<FormInput>, { type: 'server', message });
      }
    },
  });
  const onSubmit = handleSubmit((form) => save.mutate(form));

  const resize = (rows: number, cols: number) => {
    const lossRatioUnder = Array.from({ length: rows }, (_, r) => grid.lossRatioUnder[r] ?? null);
    const minimums = Array.from({ length: cols }, (_, c) => grid.minimums[c] ?? null);
    const rates = Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => grid.rates[r]?.[c] ?? null),
    );
    setValue('terms.grid', { ...grid, lossRatioUnder, minimums, rates }, { shouldValidate: true });
  };
  const rows = grid.lossRatioUnder.length;
  const cols = grid.minimums.length;
  const columnLabel =
    grid.axis === 'growth'
      ? 'Growth at least (%)'
      : grid.axis === 'premium'
        ? 'Premium at least ($)'
        : 'Policies at least';
  const gridErrors = [
    errors.terms?.grid?.rates,
    errors.terms?.grid?.lossRatioUnder,
    errors.terms?.grid?.minimums,
  ]
    .map((e) => e?.message ?? e?.root?.message)
    .filter(Boolean);

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={agreement ? 'Edit agreement' : 'New agreement'}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" title="The agreement was not saved">
            {failure}
          </Alert>
        )}
        <Paper withBorder p="md" component="section" aria-labelledby="agreement-basics">
          <Title order={2} size="h4" id="agreement-basics" mb="sm">
            Carrier and lines
          </Title>
          <Box style={THREE_COLUMNS}>
            <Controller
              control={control}
              name="carrierUuid"
              render={({ field, fieldState }) => (
                <SearchableSelect
                  label="Carrier"
                  required
                  disabled={!!agreement}
                  placeholder={carriers.data ? 'Search carriers' : 'Loading carriers…'}
                  data={(carriers.data?.carriers ?? []).map((c) => ({ value: c.uuid, label: c.name }))}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={fieldState.error?.message}
                  nothingFoundMessage="No carrier has that name"
                />
              )}
            />
            <TextInput label="Agreement name" required error={errors.name?.message} {...register('name')} />
            <TextInput label="Year" value={String(agreement?.year ?? year)} readOnly disabled />
          </Box>
          <Group mt="md" align="flex-start" gap="xl">
            <Controller
              control={control}
              name="lines.broadLines"
              render={({ field, fieldState }) => (
                <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                  <Text component="legend" size="sm" fw={500}>
                    Lines it covers
                  </Text>
                  <Group mt={4}>
                    {AGREEMENT_BROAD_LINES.map((line) => (
                      <Checkbox
                        key={line}
                        label={line}
                        checked={field.value.includes(line)}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          field.onChange(
                            AGREEMENT_BROAD_LINES.filter((l) =>
                              l === line ? checked : field.value.includes(l),
                            ),
                          );
                        }}
                      />
                    ))}
                  </Group>
                  {fieldState.error && (
                    <Text c="#b02525" size="sm" role="alert">
                      {fieldState.error.message}
                    </Text>
                  )}
                </fieldset>
              )}
            />
            <Controller
              control={control}
              name="measure"
              render={({ field }) => (
                <Select
                  label="The bonus is a percentage of"
                  w={240}
                  data={[
                    { value: 'writtenPremium', label: 'Written premium' },
                    { value: 'earnedPremium', label: 'Earned premium' },
                  ]}
                  value={field.value}
                  allowDeselect={false}
                  onChange={(value) => value && field.onChange(value)}
                />
              )}
            />
          </Group>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="agreement-grid">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="agreement-grid">
              The grid
            </Title>
            <Controller
              control={control}
              name="terms.grid.axis"
              render={({ field }) => (
                <Select
                  label="Columns by"
                  w={200}
                  data={AXIS_OPTIONS}
                  value={field.value}
                  allowDeselect={false}
                  onChange={(value) => value && field.onChange(value)}
                />
              )}
            />
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            Rows: the loss ratio must be under the limit (best first; leave the last empty for any loss
            ratio). Columns: the{' '}
            {grid.axis === 'growth' ? 'growth' : grid.axis === 'premium' ? 'premium' : 'policy count'} must
            reach the minimum (lowest first; leave the first empty for no minimum). Cells: the bonus in
            percent, empty for none.
          </Text>
          <Table.ScrollContainer minWidth={160 + cols * 130}>
            <Table withTableBorder aria-label="Grid of bonus rates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Loss ratio under (%) \ {columnLabel}</Table.Th>
                  {grid.minimums.map((_, col) => (
                    <Table.Th key={col}>
                      <NumberField
                        control={control}
                        name={`terms.grid.minimums.${col}`}
                        label={`${columnLabel}, column ${col + 1}`}
                        labelHidden
                        w={120}
                      />
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {grid.lossRatioUnder.map((_, row) => (
                  <Table.Tr key={row}>
                    <Table.Th scope="row">
                      <NumberField
                        control={control}
                        name={`terms.grid.lossRatioUnder.${row}`}
                        label={`Row ${row + 1} limit`}
                        labelHidden
                        placeholder="Any"
                        w={120}
                      />
                    </Table.Th>
                    {grid.minimums.map((__, col) => (
                      <Table.Td key={col}>
                        <NumberField
                          control={control}
                          name={`terms.grid.rates.${row}.${col}`}
                          label={`Bonus %, row ${row + 1}, column ${col + 1}`}
                          labelHidden
                          placeholder="None"
                          w={120}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {gridErrors.map((message) => (
            <Text key={message} c="#b02525" size="sm" role="alert">
              {message}
            </Text>
          ))}
          <Group mt="sm">
            <Button
              variant="default"
              size="xs"
              disabled={rows >= MAX_GRID_SIZE}
              onClick={() => resize(rows + 1, cols)}
            >
              Add a loss-ratio row
            </Button>
            <Button variant="default" size="xs" disabled={rows <= 1} onClick={() => resize(rows - 1, cols)}>
              Remove the last row
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={cols >= MAX_GRID_SIZE}
              onClick={() => resize(rows, cols + 1)}
            >
              Add a column
            </Button>
            <Button variant="default" size="xs" disabled={cols <= 1} onClick={() => resize(rows, cols - 1)}>
              Remove the last column
            </Button>
          </Group>
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="agreement-gates">
          <Title order={2} size="h4" id="agreement-gates" mb="sm">
            Eligibility, kicker and policies
          </Title>
          <Box style={THREE_COLUMNS}>
            <NumberField
              control={control}
              name="terms.gates.minimumPremium"
              label="Minimum premium ($)"
              placeholder="None"
            />
            <NumberField
              control={control}
              name="terms.gates.maximumLossRatio"
              label="Loss ratio must be under (%)"
              placeholder="None"
            />
            <Controller
              control={control}
              name="terms.gates.lossRatioYears"
              render={({ field }) => (
                <Select
                  label="Loss ratio measured over"
                  data={[
                    { value: '1', label: 'This year' },
                    { value: '2', label: '2 years' },
                    { value: '3', label: '3 years' },
                  ]}
                  value={String(field.value)}
                  allowDeselect={false}
                  onChange={(value) => value && field.onChange(Number(value))}
                />
              )}
            />
            <NumberField
              control={control}
              name="terms.gates.minimumGrowth"
              label="Minimum growth (%)"
              placeholder="None"
            />
            <NumberField
              control={control}
              name="terms.gates.largeLossCap"
              label="Large-loss cap per loss ($)"
              placeholder="None"
            />
            <NumberField
              control={control}
              name="policiesInForce"
              label="Policies in force today"
              placeholder="Not known"
            />
          </Box>
          <Checkbox
            mt="md"
            label="A kicker: an extra percentage of new business once new business reaches a threshold"
            checked={kicker !== null}
            onChange={(event) =>
              setValue(
                'terms.kicker',
                event.currentTarget.checked ? { newBusinessThreshold: 0, rate: 1 } : null,
                {
                  shouldValidate: true,
                },
              )
            }
          />
          {kicker !== null && (
            <Box mt="sm" style={THREE_COLUMNS}>
              <NumberField
                control={control}
                name="terms.kicker.newBusinessThreshold"
                label="New business reaches ($)"
              />
              <NumberField
                control={control}
                name="terms.kicker.rate"
                label="Extra bonus (% of new business)"
              />
            </Box>
          )}
        </Paper>
        <Group justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={agreement ? `/profit-sharing/${agreement.agreementUuid}` : `/profit-sharing?year=${year}`}
          >
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save agreement
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /profit-sharing/new and /profit-sharing/:agreementUuid/edit: the agreement's carrier, lines, grid and gates. */
export function AgreementEditorPage() {
  const { agreementUuid } = useParams();
  const existing = useQuery({ ...agreementQuery(agreementUuid ?? ''), enabled: !!agreementUuid });
  if (agreementUuid && existing.isError) {
    return (
      <Alert color="red" title="This agreement could not be loaded">
        {existing.error.message}
      </Alert>
    );
  }
  if (agreementUuid && !existing.data) return <Loader aria-label="Loading the agreement" />;
  const agreement = existing.data?.agreement ?? null;
  return (
    <Stack gap="md">
      <Anchor
        component={Link}
        to={agreement ? `/profit-sharing/${agreement.agreementUuid}` : '/profit-sharing'}
        size="sm"
      >
        {agreement ? 'Back to the agreement' : 'Back to Profit Sharing'}
      </Anchor>
      <Title order={1} size="h2">
        {agreement ? `Edit ${agreement.carrierName}: ${agreement.name}` : 'New profit-sharing agreement'}
      </Title>
      <AgreementForm agreement={agreement} />
    </Stack>
  );
}
