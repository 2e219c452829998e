import {
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import {
  ADDITIONAL_INFO_MAX,
  CARRIER_NAME_MAX,
  CARRIER_TYPES,
  carrierRequestSchema,
  carrierTypeLabels,
  type CarrierRequestForm,
  type CarrierRequestInput,
} from '#shared/contracts/carrier-request.ts';
import { currentUserQuery } from '#client/app/current-user.ts';
import { DialogFrame, DialogHeader } from '#client/components/dialog.tsx';
import { Icon } from '#client/components/icons.tsx';
import { sendCarrierRequest } from './carrier-request-api.ts';

/** The texts of spec part 2 §4 and §8 (two spaces after "Oops!"). */
export const SUBMITTING_TEXT = 'Submitting your request...';
export const SUCCESS_TEXT = 'Your request was successfully received and will be reviewed by our staff.';
export const FAILURE_TEXTS = [
  'Oops!  Something went wrong.',
  'Please retry your request.',
  'If this issue persists, please contact us.',
] as const;

const TITLE = 'New carrier request';
const carrierTypeOptions = [
  { value: '', label: 'Choose a carrier type' },
  ...CARRIER_TYPES.map((type) => ({ value: type, label: carrierTypeLabels[type] })),
];

/**
 * The new carrier request (spec part 2 §3–§8): the form, then 'Submitting your request...', then
 * the success or failure message with Dismiss. Name and e-mail are the signed-in user's, read-only.
 */
export function CarrierRequestDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <DialogFrame opened={opened} onClose={onClose} size="lg">
      <CarrierRequest onClose={onClose} />
    </DialogFrame>
  );
}

/** Mounted while the dialog is open, so each opening starts with an empty form. */
function CarrierRequest({ onClose }: { onClose: () => void }) {
  const send = useMutation({ mutationFn: sendCarrierRequest });

  if (send.isIdle) return <CarrierRequestFormView onSubmit={(request) => send.mutate(request)} />;

  return (
    <>
      <DialogHeader title={TITLE} closable={!send.isPending} />
      <Modal.Body>
        {send.isPending && (
          <Group gap="sm" role="status" py="md">
            <Loader size="sm" aria-hidden="true" />
            <Text>{SUBMITTING_TEXT}</Text>
          </Group>
        )}
        {send.isSuccess && !send.data.error && (
          <Stack align="center" gap="md" py="md">
            <ThemeIcon color="green" size={56} radius="xl" variant="light" aria-hidden="true">
              <Icon name="check" size={40} />
            </ThemeIcon>
            <Text role="status" ta="center">
              {SUCCESS_TEXT}
            </Text>
            <Button onClick={onClose} data-autofocus>
              Dismiss
            </Button>
          </Stack>
        )}
        {(send.isError || send.data?.error) && (
          <Stack align="center" gap="md" py="md">
            <div role="alert">
              <Text fw={600} ta="center" c="red.8" style={{ whiteSpace: 'pre-wrap' }}>
                {FAILURE_TEXTS[0]}
              </Text>
              <Text ta="center">{FAILURE_TEXTS[1]}</Text>
              <Text ta="center">{FAILURE_TEXTS[2]}</Text>
            </div>
            <Button onClick={onClose} data-autofocus>
              Dismiss
            </Button>
          </Stack>
        )}
      </Modal.Body>
    </>
  );
}

/** The form of spec part 2 §3 with the rules of §5: Submit stays disabled while invalid or untouched. */
function CarrierRequestFormView({ onSubmit }: { onSubmit: (request: CarrierRequestInput) => void }) {
  const user = useQuery(currentUserQuery).data?.user;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isDirty, isValid },
  } = useForm<CarrierRequestForm, unknown, CarrierRequestInput>({
    resolver: zodResolver(carrierRequestSchema),
    mode: 'onTouched',
    defaultValues: { carrierName: '', carrierType: '', carrierWebsite: '', additionalInfo: '' },
  });
  const additionalInfoLength = (useWatch({ control, name: 'additionalInfo' }) ?? '').length;

  return (
    <>
      <DialogHeader title={TITLE} />
      <Modal.Body>
        <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              Cannot find your carrier? Tell us about it and our staff will review your request.
            </Text>
            <TextInput label="Name" value={user?.name ?? ''} readOnly />
            <TextInput label="Email" type="email" value={user?.email ?? ''} readOnly />
            <TextInput
              label="Carrier Name"
              required
              maxLength={CARRIER_NAME_MAX}
              error={errors.carrierName?.message}
              data-autofocus
              {...register('carrierName')}
            />
            <NativeSelect
              label="Carrier Type"
              required
              data={carrierTypeOptions}
              error={errors.carrierType?.message}
              {...register('carrierType')}
            />
            <TextInput
              label="Carrier Website"
              required
              placeholder="www.carrier.com"
              error={errors.carrierWebsite?.message}
              {...register('carrierWebsite')}
            />
            <Textarea
              label="Additional Info"
              rows={4}
              description={`${additionalInfoLength}/${ADDITIONAL_INFO_MAX}`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={errors.additionalInfo?.message}
              {...register('additionalInfo')}
            />
            <Group justify="flex-end" mt="sm">
              <Button type="submit" disabled={!isDirty || !isValid}>
                Submit
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal.Body>
    </>
  );
}
