import { useState, type Ref } from 'react';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setFlagTargetSchema, type AdminFeatureFlag, type AdminUser } from '#shared/contracts/admin.ts';
import { featureFlagsQuery, setFlagTarget, targetTypeLabels, type TargetType } from './admin-api.ts';
import { ApiErrorAlert, errorFields } from './api-error-alert.tsx';

/** What the add-target form holds that the Users list can fill in ("Target this user"). */
export type TargetDraft = { targetType: TargetType; targetUuid: string };

const targetTypes = (Object.keys(targetTypeLabels) as TargetType[]).map((value) => ({
  value,
  label: targetTypeLabels[value],
}));

const fieldLabels = { targetType: 'Target type', targetUuid: 'Target UUID', enabled: 'Value' };

/** Adds a user, network or agency target to a flag, or changes the value of an existing one. */
export function FlagTargetForm({
  flags,
  draft,
  onDraftChange,
  chosenUser,
  flagFieldRef,
}: {
  flags: AdminFeatureFlag[];
  draft: TargetDraft;
  onDraftChange: (draft: TargetDraft) => void;
  chosenUser: AdminUser | null;
  flagFieldRef: Ref<HTMLSelectElement>;
}) {
  const queryClient = useQueryClient();
  const [chosenFlagKey, setChosenFlagKey] = useState<string | null>(null);
  const [value, setValue] = useState<'on' | 'off'>('on');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [added, setAdded] = useState('');
  const flagKey = flags.some((f) => f.key === chosenFlagKey) ? chosenFlagKey! : flags[0]!.key;

  const addTarget = useMutation({
    mutationFn: setFlagTarget,
    onSettled: () => queryClient.invalidateQueries({ queryKey: featureFlagsQuery.queryKey }),
  });

  const fieldErrors = { ...errorFields(addTarget.error), ...localErrors };
  const chosenUserMatches =
    chosenUser !== null && draft.targetType === 'user' && chosenUser.userUuid === draft.targetUuid.trim();

  const submit = () => {
    setAdded('');
    addTarget.reset();
    const parsed = setFlagTargetSchema.safeParse({
      targetType: draft.targetType,
      targetUuid: draft.targetUuid.trim(),
      enabled: value === 'on',
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      setLocalErrors(errors);
      return;
    }
    setLocalErrors({});
    const title = flags.find((f) => f.key === flagKey)?.title ?? flagKey;
    const targetName = chosenUserMatches
      ? chosenUser.name
      : `${parsed.data.targetType} ${parsed.data.targetUuid}`;
    addTarget.mutate(
      { key: flagKey, target: parsed.data },
      {
        onSuccess: () => {
          setAdded(`${title} is now ${parsed.data.enabled ? 'on' : 'off'} for ${targetName}.`);
          onDraftChange({ ...draft, targetUuid: '' });
        },
      },
    );
  };

  return (
    <form
      aria-labelledby="add-target-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={3} id="add-target-heading" size="h4">
          Add a target
        </Title>
        <ApiErrorAlert error={addTarget.error} title="Could not add the target" fieldLabels={fieldLabels} />
        <Group align="flex-start" gap="sm">
          <NativeSelect
            ref={flagFieldRef}
            label="Flag"
            data={flags.map((f) => ({ value: f.key, label: f.title }))}
            value={flagKey}
            onChange={(event) => setChosenFlagKey(event.currentTarget.value)}
          />
          <NativeSelect
            label="Target type"
            data={targetTypes}
            value={draft.targetType}
            error={fieldErrors.targetType}
            onChange={(event) =>
              onDraftChange({ ...draft, targetType: event.currentTarget.value as TargetType })
            }
          />
          <TextInput
            label="Target UUID"
            w={340}
            maw="100%"
            description={
              chosenUserMatches
                ? `${chosenUser.name} (${chosenUser.email})`
                : 'Paste a UUID, or use “Target this user” in the Users list.'
            }
            value={draft.targetUuid}
            error={fieldErrors.targetUuid}
            onChange={(event) => onDraftChange({ ...draft, targetUuid: event.currentTarget.value })}
          />
          <NativeSelect
            label="Value"
            data={[
              { value: 'on', label: 'On' },
              { value: 'off', label: 'Off' },
            ]}
            value={value}
            error={fieldErrors.enabled}
            onChange={(event) => setValue(event.currentTarget.value === 'off' ? 'off' : 'on')}
          />
          <Button type="submit" mt={25} loading={addTarget.isPending}>
            Add target
          </Button>
        </Group>
        <Text size="sm" role="status">
          {added}
        </Text>
      </Stack>
    </form>
  );
}
