import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { TableStatusRow } from '#client/components/report/table-status-row.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  createPlanBodySchema,
  planRowInputSchema,
  type FullPlanResponse,
  type PlanRowInput,
} from '#shared/contracts/growth-measurement.ts';
import {
  percentNewToBook,
  planGoals,
  PLAN_LINE_CODES,
  PLAN_LINE_NAMES,
  toBasisPoints,
  toCents,
  type PlanLineCode,
} from '#shared/domain/growth-plan.ts';
import { useLevel } from '#client/app/level.ts';
import { DecimalInput } from '#client/components/decimal-input.tsx';
import { formatMoney, formatPercent } from '#client/components/figures.tsx';
import { LazyDialog } from '#client/components/lazy-dialog.tsx';
import { SearchableSelect } from '#client/components/searchable-select.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerFieldErrors } from '#client/lib/form-contract.ts';
import { deletePlan, fullPlanQuery, planCarriersQuery, savePlan, ytdQuery } from './growth-api.ts';

type EditedRow = PlanRowInput & { carrierName: string };

/** The editor's fields, checked by the contract's plan name and rows (the server checks them again). */
const planFormSchema = z.object({
  name: createPlanBodySchema.shape.name,
  rows: z.array(planRowInputSchema.extend({ carrierName: z.string() })),
});
type PlanForm = z.infer<typeof planFormSchema>;

const formOf = (plan: FullPlanResponse): PlanForm => ({ name: plan.plan.name, rows: rowsOf(plan) });

/** The rows' problems, one line per row: '{carrier} {line} (row n): {messages}'. */
function rowProblems(rows: readonly EditedRow[], errors: FieldErrors<PlanForm>['rows']): string[] {
  if (!errors) return [];
  return rows.flatMap((row, index) => {
    const own = errors[index];
    if (!own) return [];
    const messages = Object.values(own)
      .map((e) => (e && typeof e === 'object' && 'message' in e ? e.message : undefined))
      .filter((m): m is string => typeof m === 'string');
    return messages.length === 0
      ? []
      : [`${row.carrierName} ${PLAN_LINE_NAMES[row.lineCode]} (row ${index + 1}): ${messages.join('; ')}`];
  });
}

const rowKey = (r: { carrierUuid: string; lineCode: string }) => `${r.carrierUuid}:${r.lineCode}`;

function rowsOf(plan: FullPlanResponse): EditedRow[] {
  return plan.leafLevelData.map((l) => ({
    carrierUuid: l.carrierUuid,
    carrierName: l.carrierName,
    lineCode: l.lineCode,
    priorWrittenPremium: l.priorWrittenPremium,
    growthGoalPlan: l.growthGoalPlan,
    rate: l.rate,
    retention: l.retention,
  }));
}

/** The goals of a row as the editor has it (the same calculation the server answers). */
function goalsOf(row: PlanRowInput) {
  const goals = planGoals({
    priorCents: toCents(row.priorWrittenPremium),
    growthGoalBp: toBasisPoints(row.growthGoalPlan),
    rateBp: toBasisPoints(row.rate),
    retentionBp: toBasisPoints(row.retention),
  });
  return { ...goals, percentNewToBook: percentNewToBook(goals.newBusinessCents, goals.wpGoalCents) };
}

/** The editor of one plan: its name and, per carrier and line, the prior figure and the percentages. */
function PlanEditor({ plan }: { plan: FullPlanResponse }) {
  const levelUuid = useLevel();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, register, handleSubmit, reset, setError, setValue, getValues, formState } =
    useForm<PlanForm>({
      resolver: zodResolver(planFormSchema),
      defaultValues: formOf(plan),
      mode: 'onChange',
    });
  // The rows as a list of the form (a carrier and line appears once: its key names the row).
  const rows = useWatch({ control, name: 'rows' });
  const setRows = (next: EditedRow[]) => setValue('rows', next, { shouldDirty: true, shouldValidate: true });
  // The version the next save or delete answers to: the one last saved.
  const version = useRef(plan.plan.version);
  const [message, setMessage] = useState<{ tone: 'red' | 'green'; text: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [newCarrier, setNewCarrier] = useState<string | null>(null);
  const [newLine, setNewLine] = useState<PlanLineCode>('PL');
  const carriers = useQuery(planCarriersQuery);
  const priorYear = useQuery({ ...ytdQuery(levelUuid, plan.plan.year - 1), enabled: plan.canEdit });
  const readOnly = !plan.canEdit;

  const priors = useMemo(
    () =>
      new Map(
        (priorYear.data?.records ?? []).map((r) => [
          rowKey({ carrierUuid: r.carrierUuid, lineCode: r.policyTypeCode }),
          r.writtenPremiumYTD ?? 0,
        ]),
      ),
    [priorYear.data],
  );
  const totals = rows.reduce(
    (sum, row) => {
      const goals = goalsOf(row);
      return {
        prior: sum.prior + toCents(row.priorWrittenPremium),
        goal: sum.goal + goals.wpGoalCents,
        newBusiness: sum.newBusiness + goals.newBusinessCents,
      };
    },
    { prior: 0, goal: 0, newBusiness: 0 },
  );
  const totalPercent = percentNewToBook(totals.newBusiness, totals.goal);
  const invalid = rowProblems(rows, formState.errors.rows);

  const addRow = () => {
    const carrier = carriers.data?.carriers.find((c) => c.uuid === newCarrier);
    if (!carrier) return;
    const key = rowKey({ carrierUuid: carrier.uuid, lineCode: newLine });
    if (rows.some((r) => rowKey(r) === key)) {
      setMessage({
        tone: 'red',
        text: `${carrier.name} ${PLAN_LINE_NAMES[newLine]} is already in the plan.`,
      });
      return;
    }
    setMessage(null);
    setRows([
      ...getValues('rows'),
      {
        carrierUuid: carrier.uuid,
        carrierName: carrier.name,
        lineCode: newLine,
        priorWrittenPremium: Math.max(0, priors.get(key) ?? 0),
        growthGoalPlan: 0,
        rate: 0,
        retention: 100,
      },
    ]);
  };

  const save = useMutation({
    mutationFn: (form: PlanForm) =>
      savePlan(plan.plan.planId, {
        version: version.current,
        name: form.name,
        rows: form.rows.map(({ carrierName: _name, ...row }) => row),
      }),
    onMutate: () => setMessage(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(fullPlanQuery(plan.plan.planId).queryKey, saved);
      version.current = saved.plan.version;
      reset(formOf(saved));
      setMessage({ tone: 'green', text: 'The plan was saved.' });
      await queryClient.invalidateQueries({ queryKey: ['growth-measurement', 'active-plan-years'] });
    },
    onError: (failure) => {
      showServerFieldErrors(failure, setError, ['name']);
      const fields = failure instanceof ApiError ? failure.body?.error.fields : undefined;
      setMessage({
        tone: 'red',
        text: fields ? `${failure.message} ${Object.values(fields).join(' ')}` : failure.message,
      });
    },
  });

  const remove = useMutation({
    mutationFn: () => deletePlan(plan.plan.planId, version.current),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['growth-measurement'] });
      await navigate(`/growth-measurement?year=${plan.plan.year}`);
    },
    onError: (failure) => {
      setConfirmDelete(false);
      setMessage({ tone: 'red', text: failure.message });
    },
  });

  const onSubmit = handleSubmit((form) => save.mutate(form));

  const carrierOptions = (carriers.data?.carriers ?? []).map((c) => ({ value: c.uuid, label: c.name }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Growth plan">
      <Stack gap="md">
        <Anchor component={Link} to={`/growth-measurement?year=${plan.plan.year}`}>
          Back to Growth Plan Measurement
        </Anchor>
        <Title order={1} size="h2">
          {readOnly ? '' : 'Edit '}
          {plan.plan.year} growth plan
        </Title>
        {readOnly ? (
          <Text fw={600}>{plan.plan.name}</Text>
        ) : (
          <TextInput
            label="Plan name"
            required
            maw={420}
            {...register('name')}
            error={formState.errors.name?.message}
          />
        )}
        {plan.plan.updatedBy && (
          <Text size="sm" c="dimmed">
            Last saved by {plan.plan.updatedBy} at{' '}
            {plan.plan.updatedAt.replace('T', ' ').replace('Z', ' UTC')}
          </Text>
        )}
        {message && (
          <Alert color={message.tone} variant="light" role={message.tone === 'red' ? 'alert' : 'status'}>
            {message.text}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={1000}>
          <Table stickyHeader aria-label="Goals per carrier and line of business">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Carrier</Table.Th>
                <Table.Th>Line of Business</Table.Th>
                <Table.Th ta="right">Prior written premium</Table.Th>
                <Table.Th ta="right">Growth goal %</Table.Th>
                <Table.Th ta="right">Rate %</Table.Th>
                <Table.Th ta="right">Retention %</Table.Th>
                <Table.Th ta="right">Written premium goal</Table.Th>
                <Table.Th ta="right">New business goal</Table.Th>
                <Table.Th ta="right">% new to book</Table.Th>
                {!readOnly && <Table.Th>Remove</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <TableStatusRow
                  status="empty"
                  colSpan={readOnly ? 9 : 10}
                  emptyText="No carriers in this plan yet."
                />
              )}
              {rows.map((row, index) => {
                const goals = goalsOf(row);
                const label = `${row.carrierName} ${PLAN_LINE_NAMES[row.lineCode]}`;
                const field = (
                  key: 'priorWrittenPremium' | 'growthGoalPlan' | 'rate' | 'retention',
                  text: string,
                ) =>
                  readOnly ? (
                    key === 'priorWrittenPremium' ? (
                      formatMoney(row[key])
                    ) : (
                      `${row[key]}%`
                    )
                  ) : (
                    <Controller
                      control={control}
                      name={`rows.${index}.${key}`}
                      render={({ field: input, fieldState }) => (
                        <DecimalInput
                          aria-label={`${text}, ${label}`}
                          ref={input.ref}
                          value={input.value}
                          onChange={input.onChange}
                          onBlur={input.onBlur}
                          error={!!fieldState.error}
                          decimals={2}
                          thousands={key === 'priorWrittenPremium'}
                          size="xs"
                          w={key === 'priorWrittenPremium' ? 140 : 90}
                          styles={{ input: { textAlign: 'right' } }}
                        />
                      )}
                    />
                  );
                return (
                  <Table.Tr key={rowKey(row)}>
                    <Table.Td>{row.carrierName}</Table.Td>
                    <Table.Td>{PLAN_LINE_NAMES[row.lineCode]}</Table.Td>
                    <Table.Td ta="right">{field('priorWrittenPremium', 'Prior written premium')}</Table.Td>
                    <Table.Td ta="right">{field('growthGoalPlan', 'Growth goal %')}</Table.Td>
                    <Table.Td ta="right">{field('rate', 'Rate %')}</Table.Td>
                    <Table.Td ta="right">{field('retention', 'Retention %')}</Table.Td>
                    <Table.Td ta="right" data-testid="wp-goal">
                      {formatMoney(goals.wpGoalCents / 100)}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="new-business-goal">
                      {formatMoney(goals.newBusinessCents / 100)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {goals.percentNewToBook === null ? 'N/A' : formatPercent(goals.percentNewToBook)}
                    </Table.Td>
                    {!readOnly && (
                      <Table.Td>
                        <Button
                          variant="default"
                          size="xs"
                          aria-label={`Remove ${label}`}
                          onClick={() => setRows(rows.filter((_, i) => i !== index))}
                        >
                          Remove
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
              <Table.Tr fw={700}>
                <Table.Th scope="row" colSpan={2}>
                  Total
                </Table.Th>
                <Table.Td ta="right">{formatMoney(totals.prior / 100)}</Table.Td>
                <Table.Td colSpan={3} />
                <Table.Td ta="right">{formatMoney(totals.goal / 100)}</Table.Td>
                <Table.Td ta="right">{formatMoney(totals.newBusiness / 100)}</Table.Td>
                <Table.Td ta="right">{totalPercent === null ? 'N/A' : formatPercent(totalPercent)}</Table.Td>
                {!readOnly && <Table.Td />}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!readOnly && (
          <>
            <Group align="flex-end" wrap="wrap">
              <SearchableSelect
                label="Carrier to add"
                placeholder="Search carriers"
                data={carrierOptions}
                value={newCarrier}
                onChange={setNewCarrier}
                nothingFoundMessage="No carrier found"
                w={280}
              />
              <NativeSelect
                label="Line of Business to add"
                data={PLAN_LINE_CODES.map((code) => ({ value: code, label: PLAN_LINE_NAMES[code] }))}
                value={newLine}
                onChange={(event) => {
                  const code = PLAN_LINE_CODES.find((c) => c === event.currentTarget.value);
                  if (code) setNewLine(code);
                }}
                w={200}
              />
              <Button variant="default" onClick={addRow} disabled={!newCarrier}>
                Add carrier
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              A carrier is added with its {plan.plan.year - 1} written premium as the prior figure, a growth
              goal and rate of 0 % and a retention of 100 %.
            </Text>
            {invalid.length > 0 && (
              <Alert color="red" variant="light" role="alert" title="Fix these rows to save">
                {invalid.map((text) => (
                  <div key={text}>{text}</div>
                ))}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={save.isPending} disabled={invalid.length > 0}>
                Save plan
              </Button>
              <Button variant="outline" color="red.9" onClick={() => setConfirmDelete(true)}>
                Delete plan
              </Button>
            </Group>
            <LazyDialog opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Are you sure?">
              <Stack>
                <Text>You are about to permanently delete the plan {plan.plan.name} and its goals.</Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirmDelete(false)}>
                    No
                  </Button>
                  <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
                    Yes, delete
                  </Button>
                </Group>
              </Stack>
            </LazyDialog>
          </>
        )}
      </Stack>
    </form>
  );
}

/** /growth-measurement/plans/:planId: a plan, editable by the agency's owners and administrators. */
export function PlanEditorPage() {
  const { planId = '' } = useParams();
  const plan = useQuery(fullPlanQuery(planId));
  if (plan.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {plan.error.message}
      </Alert>
    );
  }
  if (!plan.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the plan" />
      </Center>
    );
  }
  return <PlanEditor key={plan.data.plan.planId} plan={plan.data} />;
}
