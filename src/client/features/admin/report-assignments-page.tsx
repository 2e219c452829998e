import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  adminAssignmentsResponseSchema,
  assignmentInputSchema,
  embedProviderSchema,
  type AdminAssignment,
  type AssignmentInput,
} from '#shared/contracts/reports.ts';
import {
  EMBED_PROVIDER_LABELS,
  EMBED_PROVIDERS,
  EMBEDDABLE_REPORTS,
  reportByKey,
  type EmbedProvider,
} from '#shared/domain/reports.ts';
import { levelsQuery } from '#client/app/level.ts';
import { apiRequest, apiSend } from '#client/lib/api-client.ts';
import { checkedBy, showServerFieldErrors } from '#client/lib/form-contract.ts';
import { AdminNav, formatMoment } from './admin-nav.tsx';
import { ApiErrorAlert } from './api-error-alert.tsx';

/** GET /api/admin/report-assignments: every dashboard assignment and the configured providers. */
const reportAssignmentsQuery = queryOptions({
  queryKey: ['admin', 'report-assignments'],
  queryFn: ({ signal }) =>
    apiRequest('/api/admin/report-assignments', adminAssignmentsResponseSchema, { signal }),
});

/** POST (new) or PUT (existing) /api/admin/report-assignments. */
function saveReportAssignment(assignmentId: string | null, input: AssignmentInput): Promise<void> {
  return assignmentId
    ? apiSend(`/api/admin/report-assignments/${assignmentId}`, { method: 'PUT', body: input })
    : apiSend('/api/admin/report-assignments', { method: 'POST', body: input });
}

/** DELETE /api/admin/report-assignments/{assignmentId} */
function deleteReportAssignment(assignmentId: string): Promise<void> {
  return apiSend(`/api/admin/report-assignments/${assignmentId}`, { method: 'DELETE' });
}

/** The form's fields as typed: the parameters are "name=value" lines. */
type AssignmentForm = {
  reportKey: string;
  levelUuid: string;
  provider: EmbedProvider;
  reportId: string;
  workspaceId: string;
  parameters: string;
};

const emptyForm: AssignmentForm = {
  reportKey: '',
  levelUuid: '',
  provider: 'powerbi',
  reportId: '',
  workspaceId: '',
  parameters: '',
};

const fieldLabels = {
  reportKey: 'Report',
  levelUuid: 'Network or agency',
  provider: 'Provider',
  reportId: 'Report id',
  workspaceId: 'Workspace id',
  parameters: 'Parameters',
};

/** "name=value" lines to parameters; the line numbers of lines that are not of that shape. */
export function parseParameters(text: string): { parameters: Record<string, string>; badLines: number[] } {
  const parameters: Record<string, string> = {};
  const badLines: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    const at = line.indexOf('=');
    if (at <= 0) {
      badLines.push(index + 1);
      return;
    }
    parameters[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  });
  return { parameters, badLines };
}

/**
 * The form's fields to what the server takes, checked by the server's own contract; each message
 * lands on the field it names (a parameter's name or value on Parameters).
 */
const assignmentFormSchema = z
  .object({
    reportKey: z.string(),
    levelUuid: z.string(),
    provider: embedProviderSchema,
    reportId: z.string(),
    workspaceId: z.string(),
    parameters: z.string(),
  })
  .transform((form, context) => {
    const { parameters, badLines } = parseParameters(form.parameters);
    if (badLines.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['parameters'],
        message: `Line ${badLines.join(', ')}: write name=value.`,
      });
    }
    const input = checkedBy(
      assignmentInputSchema,
      { ...form, workspaceId: form.provider === 'powerbi' ? form.workspaceId : '', parameters },
      context,
    );
    return badLines.length === 0 ? input : z.NEVER;
  });

function formOf(assignment: AdminAssignment): AssignmentForm {
  return {
    reportKey: assignment.reportKey,
    levelUuid: assignment.agencyUuid ?? assignment.networkUuid,
    provider: assignment.provider,
    reportId: assignment.reportId,
    workspaceId: assignment.workspaceId,
    parameters: Object.entries(assignment.parameters)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
  };
}

/**
 * /admin/report-assignments (internal staff): which BI dashboard each report shows for a network or
 * an agency (an agency's own assignment takes the place of its network's), with its provider.
 */
export function ReportAssignmentsPage() {
  const assignments = useQuery(reportAssignmentsQuery);
  const levels = useQuery(levelsQuery);
  const queryClient = useQueryClient();
  // The assignment being changed; null: a new one.
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<AssignmentForm, unknown, AssignmentInput>({
    resolver: zodResolver(assignmentFormSchema),
    defaultValues: emptyForm,
    mode: 'onChange',
  });
  const provider = useWatch({ control, name: 'provider' });

  const refresh = () => queryClient.invalidateQueries({ queryKey: reportAssignmentsQuery.queryKey });
  const save = useMutation({
    mutationFn: (input: AssignmentInput) => saveReportAssignment(editing, input),
    onSuccess: async () => {
      setEditing(null);
      reset(emptyForm);
      await refresh();
    },
    onError: (error) =>
      showServerFieldErrors(error, setError, Object.keys(emptyForm) as (keyof AssignmentForm)[]),
  });
  const edit = (assignment: AdminAssignment | null) => {
    save.reset();
    setEditing(assignment?.assignmentId ?? null);
    reset(assignment ? formOf(assignment) : emptyForm);
  };
  const remove = useMutation({
    mutationFn: deleteReportAssignment,
    onSuccess: async () => {
      setConfirming(null);
      await refresh();
    },
  });
  const unconfigured = assignments.data?.providers.filter((p) => !p.configured) ?? [];

  const levelOptions = [
    { value: '', label: 'Choose a network or an agency' },
    ...(levels.data?.networks.flatMap((network) => [
      { value: network.uuid, label: `${network.name} (whole network)` },
      ...network.agencies.map((agency) => ({
        value: agency.uuid,
        label: `${network.abbreviation}: ${agency.name}`,
      })),
    ]) ?? []),
  ];

  return (
    <Stack maw={1400} gap="lg">
      <div>
        <Title order={1}>Dashboards</Title>
        <Text c="dimmed">
          The BI dashboard each report shows, for a whole network or for one agency (which then takes the
          place of its network&apos;s).
        </Text>
      </div>
      <AdminNav />
      {unconfigured.length > 0 && (
        <Alert color="yellow" title="Providers not set up on this server">
          {unconfigured.map((p) => EMBED_PROVIDER_LABELS[p.provider]).join(', ')}: dashboards assigned to them
          show users an error until the server is configured (see the README).
        </Alert>
      )}

      <Paper withBorder p="md" maw={720}>
        <form noValidate onSubmit={(event) => void handleSubmit((input) => save.mutate(input))(event)}>
          <Stack gap="sm">
            <Title order={2} size="h3">
              {editing ? 'Change the assignment' : 'Assign a dashboard'}
            </Title>
            <NativeSelect
              label="Report"
              required
              {...register('reportKey')}
              data={[
                { value: '', label: 'Choose a report' },
                ...EMBEDDABLE_REPORTS.map((r) => ({ value: r.key, label: `${r.label} (/${r.path})` })),
              ]}
              error={errors.reportKey?.message}
            />
            <NativeSelect
              label="Network or agency"
              required
              {...register('levelUuid')}
              data={levelOptions}
              error={errors.levelUuid?.message}
            />
            <NativeSelect
              label="Provider"
              required
              {...register('provider')}
              data={EMBED_PROVIDERS.map((p) => ({ value: p, label: EMBED_PROVIDER_LABELS[p] }))}
              error={errors.provider?.message}
            />
            <TextInput
              label="Report id"
              description="Power BI report id, Sigma workbook id or Metabase dashboard number"
              required
              {...register('reportId')}
              error={errors.reportId?.message}
            />
            {provider === 'powerbi' && (
              <TextInput
                label="Workspace id"
                description="The Power BI workspace (group) that holds the report"
                required
                {...register('workspaceId')}
                error={errors.workspaceId?.message}
              />
            )}
            <Textarea
              label="Parameters"
              description="One name=value a line, e.g. rlsRole=Tenant (Power BI) or tenantParameter=agency (Metabase)"
              rows={3}
              {...register('parameters')}
              error={errors.parameters?.message}
            />
            <ApiErrorAlert
              error={save.error}
              title="The assignment was not saved"
              fieldLabels={fieldLabels}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {editing ? 'Save changes' : 'Assign'}
              </Button>
              {editing && (
                <Button variant="default" onClick={() => edit(null)}>
                  Cancel
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>

      {assignments.isPending && <Loader size="sm" role="status" aria-label="Loading the assignments" />}
      <ApiErrorAlert error={assignments.error} title="Could not load the assignments" />
      <ApiErrorAlert error={remove.error} title="The assignment was not removed" />
      {assignments.data && assignments.data.assignments.length === 0 && (
        <Text role="status">No dashboards are assigned yet.</Text>
      )}
      {assignments.data && assignments.data.assignments.length > 0 && (
        <Table.ScrollContainer minWidth={1000}>
          <Table verticalSpacing="xs" striped>
            <Table.Caption>{assignments.data.assignments.length} assignments</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Network or agency</Table.Th>
                <Table.Th scope="col">Report</Table.Th>
                <Table.Th scope="col">Provider</Table.Th>
                <Table.Th scope="col">Report id</Table.Th>
                <Table.Th scope="col">Changed</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {assignments.data.assignments.map((a) => {
                const label = reportByKey(a.reportKey)?.label ?? a.reportKey;
                return (
                  <Table.Tr key={a.assignmentId}>
                    <Table.Td>
                      {a.levelName}
                      <Text size="xs">{a.agencyUuid ? 'Agency' : 'Whole network'}</Text>
                    </Table.Td>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td>{EMBED_PROVIDER_LABELS[a.provider]}</Table.Td>
                    <Table.Td>
                      {a.workspaceId ? `${a.workspaceId} / ` : ''}
                      {a.reportId}
                    </Table.Td>
                    <Table.Td>{formatMoment(a.updatedAt)}</Table.Td>
                    <Table.Td>
                      {confirming === a.assignmentId ? (
                        <Group gap="xs">
                          <Button
                            size="xs"
                            color="red"
                            loading={remove.isPending}
                            onClick={() => remove.mutate(a.assignmentId)}
                          >
                            Remove {label} for {a.levelName}
                          </Button>
                          <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                            Keep it
                          </Button>
                        </Group>
                      ) : (
                        <Group gap="xs">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Edit ${label} for ${a.levelName}`}
                            onClick={() => edit(a)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Remove ${label} for ${a.levelName}`}
                            onClick={() => setConfirming(a.assignmentId)}
                          >
                            Remove
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
