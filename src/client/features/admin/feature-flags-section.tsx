import { Button, Code, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { Table } from '#client/components/table.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFeatureFlag, AdminUser } from '#shared/contracts/admin.ts';
import {
  featureFlagsQuery,
  setFlagDefault,
  setFlagTarget,
  targetTypeLabels,
  type FlagTarget,
} from './admin-api.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { FlagTargetForm, type FlagTargetFormState } from './flag-target-form.tsx';

type FlagTargetRow = AdminFeatureFlag['targets'][number];

/**
 * Feature flags as internal staff manage them: each flag's default, and its per-user, per-network
 * and per-agency targets (the most specific target wins: user, then agency, then network).
 */
export function FeatureFlagsSection({
  targetForm,
  chosenUser,
}: {
  targetForm: FlagTargetFormState;
  chosenUser: AdminUser | null;
}) {
  const queryClient = useQueryClient();
  const flags = useQuery(featureFlagsQuery);
  const refetchFlags = () => queryClient.invalidateQueries({ queryKey: featureFlagsQuery.queryKey });
  const defaultChange = useMutation({ mutationFn: setFlagDefault, onSettled: refetchFlags });
  const targetChange = useMutation({ mutationFn: setFlagTarget, onSettled: refetchFlags });

  const flagTitle = (key: string) => flags.data?.flags.find((f) => f.key === key)?.title ?? key;
  const targetLabel = (key: string, target: FlagTarget) =>
    flags.data?.flags
      .find((f) => f.key === key)
      ?.targets.find((t) => t.targetType === target.targetType && t.targetUuid === target.targetUuid)
      ?.label ?? target.targetUuid;

  const pendingTarget = targetChange.isPending ? targetChange.variables : undefined;
  const pendingValueOf = (flag: AdminFeatureFlag, target: FlagTargetRow) =>
    pendingTarget?.key === flag.key &&
    pendingTarget.target.targetType === target.targetType &&
    pendingTarget.target.targetUuid === target.targetUuid
      ? { enabled: pendingTarget.target.enabled === true }
      : null;

  return (
    <Stack component="section" aria-labelledby="feature-flags-heading" gap="sm">
      <Title order={2} id="feature-flags-heading">
        Feature flags
      </Title>
      <Text size="sm">
        A flag&apos;s default applies to everyone without a target. A target turns the flag on or off for one
        user, network or agency; a user target wins over an agency target, which wins over a network target.
      </Text>
      {flags.isPending && <Loader size="sm" role="status" aria-label="Loading feature flags" />}
      <ApiErrorAlert error={flags.error} title="Could not load the feature flags" />
      <ApiErrorAlert
        error={defaultChange.error}
        title={
          defaultChange.variables
            ? `Could not turn ${flagTitle(defaultChange.variables.key)} ${defaultChange.variables.enabled ? 'on' : 'off'} by default`
            : 'Could not change the flag'
        }
      />
      <ApiErrorAlert
        error={targetChange.error}
        title={
          targetChange.variables
            ? `Could not change ${targetLabel(targetChange.variables.key, targetChange.variables.target)} for ${flagTitle(targetChange.variables.key)}`
            : 'Could not change the target'
        }
      />
      {flags.data && flags.data.flags.length === 0 && <Text>There are no feature flags.</Text>}
      {flags.data && flags.data.flags.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-busy={flags.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Flag</Table.Th>
                  <Table.Th scope="col">Default</Table.Th>
                  <Table.Th scope="col">Targets</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flags.data.flags.map((flag) => {
                  const pendingDefault = defaultChange.isPending && defaultChange.variables.key === flag.key;
                  const enabled = pendingDefault ? defaultChange.variables.enabled : flag.enabled;
                  return (
                    <Table.Tr key={flag.key}>
                      <Table.Td>
                        <Text fw={600}>{flag.title}</Text>
                        <Code>{flag.key}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Switch
                            aria-label={`${flag.title} on by default`}
                            checked={enabled}
                            disabled={pendingDefault}
                            onChange={(event) =>
                              defaultChange.mutate({ key: flag.key, enabled: event.currentTarget.checked })
                            }
                          />
                          <Text size="sm" aria-hidden="true">
                            {enabled ? 'On' : 'Off'}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {flag.targets.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            No targets
                          </Text>
                        ) : (
                          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                            {flag.targets.map((target) => {
                              const pendingValue = pendingValueOf(flag, target);
                              const pending = pendingValue !== null;
                              const targetEnabled = pendingValue ? pendingValue.enabled : target.enabled;
                              return (
                                <Group
                                  component="li"
                                  key={`${target.targetType}:${target.targetUuid}`}
                                  gap="xs"
                                  wrap="nowrap"
                                >
                                  <Switch
                                    size="xs"
                                    aria-label={`${flag.title} on for ${target.label}`}
                                    checked={targetEnabled}
                                    disabled={pending}
                                    onChange={(event) =>
                                      targetChange.mutate({
                                        key: flag.key,
                                        target: { ...target, enabled: event.currentTarget.checked },
                                      })
                                    }
                                  />
                                  <div>
                                    <Text size="sm">{target.label}</Text>
                                    <Text size="xs" c="dimmed">
                                      {targetTypeLabels[target.targetType]}, {targetEnabled ? 'on' : 'off'}
                                    </Text>
                                  </div>
                                  <Button
                                    size="compact-xs"
                                    variant="default"
                                    ml="auto"
                                    disabled={pending}
                                    aria-label={`Remove ${target.label} from ${flag.title}`}
                                    onClick={() =>
                                      targetChange.mutate({
                                        key: flag.key,
                                        target: {
                                          targetType: target.targetType,
                                          targetUuid: target.targetUuid,
                                          enabled: null,
                                        },
                                      })
                                    }
                                  >
                                    Remove
                                  </Button>
                                </Group>
                              );
                            })}
                          </Stack>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <FlagTargetForm flags={flags.data.flags} form={targetForm} chosenUser={chosenUser} />
        </>
      )}
    </Stack>
  );
}
