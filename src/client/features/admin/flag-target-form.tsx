import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { setFlagTargetSchema, type AdminFeatureFlag, type AdminUser } from '#shared/contracts/admin.ts';
import { featureFlagsQuery, setFlagTarget, targetTypeLabels, type TargetType } from './admin-api.ts';
import { showServerFieldErrors } from '#client/lib/form-contract.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

const targetTypes = (Object.keys(targetTypeLabels) as TargetType[]).map((value) => ({
  value,
  label: targetTypeLabels[value],
}));

const fieldLabels = { targetType: 'Target type', targetUuid: 'Target UUID', enabled: 'Value' };

/** The add-target form: the flag, and the target as the server checks it (a pasted UUID trimmed). */
const flagTargetFormSchema = setFlagTargetSchema.extend({
  key: z.string(),
  targetUuid: z.string().trim().pipe(setFlagTargetSchema.shape.targetUuid),
});
type FlagTargetInput = z.input<typeof flagTargetFormSchema>;

/**
 * The add-target form's state, held by the page so that the Users list can fill it in ("Target this
 * user": `setValue` the target and `setFocus('key')`).
 */
export function useFlagTargetForm() {
  return useForm<FlagTargetInput, unknown, z.output<typeof flagTargetFormSchema>>({
    resolver: zodResolver(flagTargetFormSchema),
    defaultValues: { key: '', targetType: 'user', targetUuid: '', enabled: true },
  });
}
export type FlagTargetFormState = ReturnType<typeof useFlagTargetForm>;

/** Adds a user, network or agency target to a flag, or changes the value of an existing one. */
export function FlagTargetForm({
  flags,
  form,
  chosenUser,
}: {
  flags: AdminFeatureFlag[];
  form: FlagTargetFormState;
  chosenUser: AdminUser | null;
}) {
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = form;
  const [added, setAdded] = useState('');
  const [chosenKey, targetType, targetUuid] = useWatch({
    control,
    name: ['key', 'targetType', 'targetUuid'],
  });
  // The first flag until another is chosen.
  const flagKeyOf = (key: string) => (flags.some((f) => f.key === key) ? key : flags[0]!.key);

  const addTarget = useMutation({
    mutationFn: setFlagTarget,
    onSettled: () => queryClient.invalidateQueries({ queryKey: featureFlagsQuery.queryKey }),
  });

  const chosenUserMatches =
    chosenUser !== null && targetType === 'user' && chosenUser.userUuid === targetUuid.trim();

  const submit = handleSubmit(({ key, ...target }) => {
    const flagKey = flagKeyOf(key);
    const title = flags.find((f) => f.key === flagKey)?.title ?? flagKey;
    const targetName = chosenUserMatches ? chosenUser.name : `${target.targetType} ${target.targetUuid}`;
    addTarget.mutate(
      { key: flagKey, target },
      {
        onSuccess: () => {
          setAdded(`${title} is now ${target.enabled ? 'on' : 'off'} for ${targetName}.`);
          setValue('targetUuid', '');
        },
        onError: (error) => showServerFieldErrors(error, setError, ['targetType', 'targetUuid', 'enabled']),
      },
    );
  });

  return (
    <form
      aria-labelledby="add-target-heading"
      noValidate
      onSubmit={(event) => {
        setAdded('');
        addTarget.reset();
        void submit(event);
      }}
    >
      <Stack gap="sm">
        <Title order={3} id="add-target-heading" size="h4">
          Add a target
        </Title>
        <ApiErrorAlert error={addTarget.error} title="Could not add the target" fieldLabels={fieldLabels} />
        <Group align="flex-start" gap="sm">
          <Controller
            control={control}
            name="key"
            render={({ field }) => (
              <NativeSelect
                ref={field.ref}
                label="Flag"
                data={flags.map((f) => ({ value: f.key, label: f.title }))}
                value={flagKeyOf(chosenKey)}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
              />
            )}
          />
          <NativeSelect
            label="Target type"
            data={targetTypes}
            error={errors.targetType?.message}
            {...register('targetType')}
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
            error={errors.targetUuid?.message}
            {...register('targetUuid')}
          />
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <NativeSelect
                ref={field.ref}
                label="Value"
                data={[
                  { value: 'on', label: 'On' },
                  { value: 'off', label: 'Off' },
                ]}
                value={field.value === false ? 'off' : 'on'}
                error={errors.enabled?.message}
                onChange={(event) => field.onChange(event.currentTarget.value !== 'off')}
                onBlur={field.onBlur}
              />
            )}
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
