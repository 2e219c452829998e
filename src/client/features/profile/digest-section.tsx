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
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  DIGEST_SAVED,
  digestSettingSchema,
  type DigestSettingInput,
  type DigestSettingResponse,
} from '#shared/contracts/digest.ts';
import { DIGEST_FALLBACK_DAY, DIGEST_FIRST_DAY, DIGEST_LAST_DAY } from '#shared/domain/digest.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { digestSettingQuery, saveDigestSetting } from './profile-api.ts';

type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * My profile's monthly digest (decision 071): off, when the month's carrier reports are all in, or
 * on a day of the month; the digest reports the user's agency (or network).
 */
export function DigestSection() {
  const setting = useQuery(digestSettingQuery);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="digest-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="digest-title">
          Monthly digest by e-mail
        </Title>
        {setting.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading your digest setting" />
        ) : setting.error ? (
          <Alert color="red" variant="light" role="alert">
            {setting.error.message}
          </Alert>
        ) : !setting.data.offered ? (
          <Text>{setting.data.reason}</Text>
        ) : (
          <DigestForm setting={setting.data} />
        )}
      </Stack>
    </Paper>
  );
}

const MODE_OPTIONS = [
  { value: 'off', label: 'Never' },
  { value: 'complete', label: "When the month's carrier reports are all in" },
  { value: 'day', label: 'On a day of the month I choose' },
];

const valuesOf = (s: DigestSettingResponse): DigestSettingInput => ({ mode: s.mode, day: s.day });

function DigestForm({ setting }: { setting: DigestSettingResponse }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const { control, handleSubmit, reset, setError } = useForm<DigestSettingInput>({
    resolver: zodResolver(digestSettingSchema),
    defaultValues: valuesOf(setting),
  });
  const save = useMutation({
    mutationFn: saveDigestSetting,
    onMutate: () => setNotice(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(digestSettingQuery.queryKey, saved);
      reset(valuesOf(saved));
      setNotice({ kind: 'success', text: DIGEST_SAVED });
    },
    onError: (error) => {
      setNotice({ kind: 'error', text: error.message });
      const day = error instanceof ApiError ? error.body?.error.fields?.day : undefined;
      if (day) setError('day', { type: 'server', message: day });
    },
  });
  const mode = useWatch({ control, name: 'mode' });
  const onSubmit = handleSubmit((values) =>
    save.mutate({ mode: values.mode, day: values.mode === 'day' ? values.day : null }),
  );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Monthly digest">
      <Stack gap="sm">
        <Text size="sm">
          The month&apos;s written premium, new business and loss ratio (and the year to date), early
          warnings, late or missing carrier reports and profit-sharing projections of{' '}
          <strong>{setting.scopeName}</strong>, sent to {setting.emailAddress}.
        </Text>
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <NativeSelect
              label="Send me the digest"
              description={
                field.value === 'complete'
                  ? `At the latest on day ${DIGEST_FALLBACK_DAY} of the next month, listing the reports still missing.`
                  : undefined
              }
              data={MODE_OPTIONS}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              maw={420}
            />
          )}
        />
        {mode === 'day' && (
          <Controller
            control={control}
            name="day"
            render={({ field, fieldState }) => (
              <TextInput
                label="Day of the month"
                description={`${DIGEST_FIRST_DAY} to ${DIGEST_LAST_DAY}; the digest reports the month before.`}
                inputMode="numeric"
                name={field.name}
                ref={field.ref}
                value={field.value === null ? '' : String(field.value)}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 2);
                  field.onChange(digits === '' ? null : Number(digits));
                }}
                maw={320}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        {notice && (
          <Alert
            color={notice.kind === 'success' ? 'green' : 'red'}
            variant="light"
            role={notice.kind === 'success' ? 'status' : 'alert'}
          >
            {notice.text}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save digest
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
