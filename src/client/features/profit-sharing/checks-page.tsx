import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  createCheckBodySchema,
  MAX_MEMO_LENGTH,
  type Allocation,
  type Check,
  type ChecksResponse,
  type CheckDetail,
  type CreateCheckBody,
  type CreateCheckInput,
} from '#shared/contracts/profit-sharing-checks.ts';
import { toCents } from '#shared/domain/growth-plan.ts';
import { ALLOCATION_METHODS, formatCents, type AllocationMethod } from '#shared/domain/profit-sharing.ts';
import { useLevel } from '#client/app/level.ts';
import { DecimalInput } from '#client/components/decimal-input.tsx';
import { LazyDialog } from '#client/components/lazy-dialog.tsx';
import { Select } from '#client/components/select.tsx';
import { PageHeader } from '#client/components/report/page-header.tsx';
import { saveFile } from '#client/components/report/save-file.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerFieldErrors } from '#client/lib/form-contract.ts';
import {
  checkQuery,
  checksQuery,
  createCheck,
  downloadChecksTemplate,
  importChecks,
  previewAllocation,
  saveAllocation,
} from './checks-api.ts';
import { YearParamSelect } from './year-param-select.tsx';

/** Dollars with cents ("$1,234.50"). */
const money = (dollars: number) => formatCents(toCents(dollars));

const METHOD_LABELS: Record<AllocationMethod, string> = {
  premiumShare: 'By premium share',
  lossRatioWeighted: 'By premium, weighted by loss-ratio relativity',
  byHand: 'By hand',
};

const errorText = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong.';

type Message = { tone: 'green' | 'red'; text: string };

/** "Record a check": the agreement (carrier), the amount, the day it arrived and a memo. */
function RecordCheckDialog({
  answer,
  opened,
  onClose,
  onRecorded,
}: {
  answer: ChecksResponse;
  opened: boolean;
  onClose: () => void;
  onRecorded: (check: CheckDetail) => void;
}) {
  return (
    <LazyDialog opened={opened} onClose={onClose} title={`Record a ${answer.year} check`}>
      <RecordCheckForm answer={answer} onClose={onClose} onRecorded={onRecorded} />
    </LazyDialog>
  );
}

/** The form of the dialog: mounted each time the dialog opens, so it starts empty. */
function RecordCheckForm({
  answer,
  onClose,
  onRecorded,
}: {
  answer: ChecksResponse;
  onClose: () => void;
  onRecorded: (check: CheckDetail) => void;
}) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateCheckInput, unknown, CreateCheckBody>({
    resolver: zodResolver(createCheckBodySchema),
    defaultValues: {
      agreementUuid: answer.agreements[0]?.agreementUuid ?? '',
      amount: 0,
      receivedOn: '',
      memo: '',
    },
  });
  const create = useMutation({
    mutationFn: createCheck,
    onSuccess: onRecorded,
    onError: (failure) =>
      showServerFieldErrors(failure, setError, ['agreementUuid', 'amount', 'receivedOn', 'memo']),
  });
  const error = create.error ? errorText(create.error) : null;
  const busy = create.isPending;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit((body) => create.mutate(body))(event)}>
      <Stack gap="sm">
        {answer.agreements.length === 0 ? (
          <Text size="sm">
            The network has no agreement for {answer.year}: enter the carrier&apos;s agreement on the Profit
            Sharing page first.
          </Text>
        ) : (
          <Controller
            control={control}
            name="agreementUuid"
            render={({ field }) => (
              <Select
                label="Carrier and agreement"
                data={answer.agreements.map((a) => ({
                  value: a.agreementUuid,
                  label: `${a.carrierName}: ${a.name}`,
                }))}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.agreementUuid?.message}
                allowDeselect={false}
                required
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <DecimalInput
              label="Amount ($)"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.amount?.message}
              thousands
              required
            />
          )}
        />
        <TextInput
          label="Date received"
          type="date"
          {...register('receivedOn')}
          error={errors.receivedOn?.message}
          required
        />
        <Textarea
          label="Memo"
          description="Optional: the check number, the period it pays, …"
          maxLength={MAX_MEMO_LENGTH}
          {...register('memo')}
          error={errors.memo?.message}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={answer.agreements.length === 0}>
            Record check
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The preview of an allocation: each agency's basis, relativity, share and amount. */
function AllocationTable({ allocation, caption }: { allocation: Allocation; caption: string }) {
  return (
    <Table striped>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Agency</Table.Th>
          <Table.Th ta="right">Basis (premium)</Table.Th>
          <Table.Th ta="right">Loss-ratio relativity</Table.Th>
          <Table.Th ta="right">Share</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {allocation.lines.map((line) => (
          <Table.Tr key={line.agencyUuid}>
            <Table.Td>{line.agencyName}</Table.Td>
            <Table.Td ta="right">{money(line.basis)}</Table.Td>
            <Table.Td ta="right">
              {line.relativity === null ? '—' : `${line.relativity.toFixed(2)} %`}
            </Table.Td>
            <Table.Td ta="right">{line.share.toFixed(2)} %</Table.Td>
            <Table.Td ta="right">{money(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td />
          <Table.Td />
          <Table.Td />
          <Table.Th ta="right">{money(allocation.total)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** Allocating a check: the method, a preview (nothing saved), by-hand amounts, and Save. */
function AllocateDialog({
  checkUuid,
  onClose,
  onSaved,
}: {
  checkUuid: string | null;
  onClose: () => void;
  onSaved: (check: Check) => void;
}) {
  const detail = useQuery({ ...checkQuery(checkUuid ?? ''), enabled: checkUuid !== null });
  const data = detail.data;
  return (
    <LazyDialog opened={checkUuid !== null} onClose={onClose} size="xl" title="Allocate the check">
      {!data ? (
        detail.isError ? (
          <Alert color="red" role="alert">
            {errorText(detail.error)}
          </Alert>
        ) : (
          <Loader aria-label="Loading the check" />
        )
      ) : (
        <AllocateForm
          key={`${data.check.checkUuid}/${data.check.version}`}
          data={data}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </LazyDialog>
  );
}

/** The allocation's fields: the method, and the amounts typed by hand per agency. */
type AllocationFields = { method: AllocationMethod; amounts: Record<string, number> };

/** The allocation form of one version of a check, starting from its saved allocation. */
function AllocateForm({
  data,
  onClose,
  onSaved,
}: {
  data: CheckDetail;
  onClose: () => void;
  onSaved: (check: Check) => void;
}) {
  const { control, getValues } = useForm<AllocationFields>({
    defaultValues: {
      method: data.check.allocationMethod ?? 'premiumShare',
      amounts: Object.fromEntries(data.members.map((m) => [m.agencyUuid, m.amount])),
    },
  });
  const [method, amounts] = useWatch({ control, name: ['method', 'amounts'] });

  const body = () => {
    const { method, amounts } = getValues();
    return {
      method,
      amounts:
        method === 'byHand'
          ? Object.entries(amounts)
              .filter(([, amount]) => amount > 0)
              .map(([agencyUuid, amount]) => ({ agencyUuid, amount }))
          : [],
    };
  };
  // A preview saves nothing; a change of the form drops it.
  const preview = useMutation({ mutationFn: () => previewAllocation(data.check.checkUuid, body()) });
  const save = useMutation({
    mutationFn: () => saveAllocation(data.check.checkUuid, { ...body(), version: data.check.version }),
    onSuccess: (saved) => onSaved(saved.check),
  });
  const changed = () => {
    preview.reset();
    save.reset();
  };
  const failure = preview.error ?? save.error;
  const busy = preview.isPending || save.isPending;

  const typedCents = Object.values(amounts).reduce((sum, amount) => sum + toCents(amount), 0);

  return (
    <Stack gap="sm">
      <Text size="sm">
        {data.check.carrierName} ({data.check.agreementName}), {data.check.year}: {money(data.check.amount)}{' '}
        received {data.check.receivedOn}. The shares count as each agency&apos;s additional compensation in
        its scorecard, in the month the check was received.
      </Text>
      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <Radio.Group
            label="Share the check"
            name={field.name}
            value={field.value}
            onChange={(value) => {
              field.onChange(ALLOCATION_METHODS.find((m) => m === value) ?? 'premiumShare');
              changed();
            }}
          >
            <Stack gap={6} mt={6}>
              {ALLOCATION_METHODS.map((key) => (
                <Radio key={key} value={key} label={METHOD_LABELS[key]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {method === 'byHand' && (
        <Stack gap={6}>
          {data.members.map((member) => (
            <Controller
              key={member.agencyUuid}
              control={control}
              name={`amounts.${member.agencyUuid}`}
              render={({ field }) => (
                <DecimalInput
                  label={`${member.agencyName} ($)`}
                  ref={field.ref}
                  value={field.value ?? 0}
                  onChange={(value) => {
                    field.onChange(value);
                    changed();
                  }}
                  onBlur={field.onBlur}
                  thousands
                />
              )}
            />
          ))}
          <Text size="sm" aria-live="polite">
            Typed {formatCents(typedCents)} of {money(data.check.amount)}
            {typedCents === toCents(data.check.amount)
              ? '.'
              : `: ${formatCents(toCents(data.check.amount) - typedCents)} left to share.`}
          </Text>
        </Stack>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {errorText(failure)}
        </Alert>
      )}
      {preview.data && <AllocationTable allocation={preview.data} caption="Preview: nothing is saved yet." />}
      {!preview.data && data.allocation && (
        <AllocationTable
          allocation={data.allocation}
          caption={`Saved: ${METHOD_LABELS[data.allocation.method].toLowerCase()}.`}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="default"
          loading={busy}
          onClick={() => {
            save.reset();
            preview.mutate();
          }}
        >
          Preview
        </Button>
        <Button
          loading={busy}
          onClick={() => {
            preview.reset();
            save.mutate();
          }}
        >
          Save allocation
        </Button>
      </Group>
    </Stack>
  );
}

/** The network's contingent checks of a year: recorded one by one or from the bulk template, and allocated. */
export function ChecksPage() {
  const levelUuid = useLevel();
  const [params] = useSearchParams();
  const requested = Number(params.get('year')) || undefined;
  const query = useQuery(checksQuery(levelUuid, requested));
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState(false);
  const [allocating, setAllocating] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  // The filled bulk template: every check of the file is recorded, or none.
  const upload = useMutation({
    mutationFn: async (file: File) => importChecks(levelUuid, await file.text()),
    onMutate: () => setMessage(null),
    onSuccess: async ({ recorded }) => {
      setMessage({ tone: 'green', text: `${recorded} check${recorded === 1 ? '' : 's'} recorded.` });
      await queryClient.invalidateQueries({ queryKey: ['profit-sharing'] });
    },
    onError: (failure) => setMessage({ tone: 'red', text: errorText(failure) }),
  });

  if (query.isPending) return <Loader aria-label="Loading the contingent checks" />;
  if (query.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Contingent checks
        </Title>
        <Alert color="red" role="alert">
          {query.error instanceof ApiError && query.error.status === 403
            ? "Contingent checks are recorded and allocated by the network's users."
            : errorText(query.error)}
        </Alert>
      </Stack>
    );
  }
  const answer = query.data;
  const year = answer.year;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['profit-sharing'] });

  const download = async () => {
    try {
      const { blob, filename } = await downloadChecksTemplate();
      saveFile(blob, filename);
    } catch (failure) {
      setMessage({ tone: 'red', text: errorText(failure) });
    }
  };
  const back = `/profit-sharing?year=${year}${levelUuid ? `&levelUuid=${levelUuid}` : ''}`;

  return (
    <Stack gap="md">
      <PageHeader
        title="Contingent checks"
        description={`The checks carriers paid the network for ${year}, and how each was shared among the member agencies.`}
        above={
          <Anchor component={Link} to={back} size="sm">
            Profit Sharing
          </Anchor>
        }
      >
        <Group>
          <YearParamSelect years={answer.yearOptions} year={year} />
          <Button variant="default" onClick={() => void download()}>
            Download template
          </Button>
          <FileButton onChange={(file) => file && upload.mutate(file)} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" loading={upload.isPending} {...props}>
                Upload filled template
              </Button>
            )}
          </FileButton>
          <Button onClick={() => setRecording(true)}>Record a check</Button>
        </Group>
      </PageHeader>
      {message && (
        <Alert
          color={message.tone}
          role={message.tone === 'red' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="checks-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="checks-title">
            Checks of {year}
          </Title>
          <Text fw={600}>Total {money(answer.total)}</Text>
        </Group>
        {answer.checks.length === 0 ? (
          <Text size="sm">
            No check recorded for {year} yet. Record one with Record a check, or many at once with the
            template.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Carrier and agreement</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Memo</Table.Th>
                  <Table.Th>Allocation</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.checks.map((check) => (
                  <Table.Tr key={check.checkUuid}>
                    <Table.Td nowrap>{check.receivedOn}</Table.Td>
                    <Table.Td>
                      {check.carrierName}: {check.agreementName}
                    </Table.Td>
                    <Table.Td ta="right">{money(check.amount)}</Table.Td>
                    <Table.Td>{check.memo}</Table.Td>
                    <Table.Td>
                      {check.allocationMethod === null
                        ? 'Not allocated'
                        : `${METHOD_LABELS[check.allocationMethod]}${check.allocatedBy ? `, by ${check.allocatedBy}` : ''}`}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setAllocating(check.checkUuid)}
                        aria-label={`Allocate the ${money(check.amount)} check of ${check.carrierName} received ${check.receivedOn}`}
                      >
                        {check.allocationMethod === null ? 'Allocate' : 'Re-allocate'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <RecordCheckDialog
        answer={answer}
        opened={recording}
        onClose={() => setRecording(false)}
        onRecorded={(created) => {
          setRecording(false);
          setMessage({
            tone: 'green',
            text: `The ${money(created.check.amount)} check is recorded: allocate it.`,
          });
          void refresh();
          setAllocating(created.check.checkUuid);
        }}
      />
      <AllocateDialog
        checkUuid={allocating}
        onClose={() => setAllocating(null)}
        onSaved={(saved) => {
          setAllocating(null);
          setMessage({
            tone: 'green',
            text: `The ${money(saved.amount)} check is allocated: it counts in the agencies' scorecards.`,
          });
          void refresh();
        }}
      />
    </Stack>
  );
}
