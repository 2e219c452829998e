import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import {
  carrierEntryFormSchema,
  CARRIER_SEARCH_MIN,
  MANUAL_LINE_CODES,
  MANUAL_LINE_LABELS,
  offeredMonths,
  offeredYears,
  SUB_CODE_MAX,
  SUB_CODE_RESULTS_MAX,
  type CarrierEntryForm,
  type CarrierEntryRecord,
} from '#shared/contracts/manual-entry.ts';
import type { CalendarDay } from '#shared/domain/timeframe.ts';
import { DialogFrame, DialogHeader } from '#client/components/dialog.tsx';
import { Icon } from '#client/components/icons.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerFieldErrors } from '#client/lib/form-contract.ts';
import { CarrierRequestDialog } from './carrier-request-dialog.tsx';
import {
  carrierEntriesKey,
  carrierEntriesQuery,
  carrierSearchQuery,
  onboardedCarriersQuery,
  saveCarrierEntry,
  subCodesQuery,
} from './manual-entry-api.ts';
import { amountText, matchingEntry, MONTH_NAMES, monthYearText } from './manual-entry-model.ts';

export const NEW_ENTRY_TITLE = 'New Carrier Data Entry';
export const EDIT_ENTRY_TITLE = 'Edit Existing Entry';
export const ENTER_AT_LEAST = 'Enter at least 3 characters';
export const CREATE_SUB_CODE = 'Click to create new subcode';
export const CARRIER_NOT_FOUND = 'Cannot find your Carrier? Let us know';
export const EXISTING_ENTRY_WARNING =
  'An entry already exists that matches these parameters. Submitting will edit it';
export const ONBOARDED_WARNING =
  'Notice: This carrier already has an entry previously onboarded by your network.';
export const PROCESSING = 'Processing your entry...';
export const SUCCESS = 'Success';
/** Spec part 2 §9: the success message shows this long before the modal closes. */
export const SUCCESS_DELAY_MS = 1500;
const SEARCH_DEBOUNCE_MS = 300;

const STAGE_ONE: FieldPath<CarrierEntryForm>[] = ['carrier', 'carrierUuid', 'subCode'];
const FIGURES = [
  'writtenPremium',
  'newBusiness',
  'mover',
  'incurredLoss',
  'earnedPremium',
  'lossRatio',
] as const;

/** A request id for one submission, the same for each of its retries (crypto.randomUUID needs HTTPS). */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function emptyForm(today: CalendarDay, year: number): CarrierEntryForm {
  const months = offeredMonths(year, today);
  return {
    carrier: '',
    carrierUuid: '',
    subCodeUuid: null,
    subcodeParent: null,
    subCode: '',
    policyType: undefined as unknown as CarrierEntryForm['policyType'],
    month: months[months.length - 1]!,
    year,
    writtenPremium: '',
    newBusiness: '',
    mover: '',
    incurredLoss: '',
    earnedPremium: '',
    lossRatio: '',
    radio: 'incurredLossEarnedPremium',
  };
}

function formOf(entry: CarrierEntryRecord): CarrierEntryForm {
  const lossRatioOnly = entry.radio === 'lossRatio';
  return {
    carrier: entry.companyName,
    carrierUuid: entry.companyUuid,
    subCodeUuid: entry.subCodeUuid,
    subcodeParent: null,
    subCode: entry.subCode,
    policyType: entry.policyTypeCode,
    month: entry.month,
    year: entry.year,
    writtenPremium: amountText(entry.dwp),
    newBusiness: amountText(entry.newDwp),
    mover: amountText(entry['12Mm_dwp']),
    incurredLoss: lossRatioOnly ? '' : amountText(entry.incurred),
    earnedPremium: lossRatioOnly ? '' : amountText(entry.earned),
    lossRatio: lossRatioOnly ? String(entry.lossRatio) : '',
    radio: entry.radio,
  };
}

type Phase = 'editing' | 'processing' | 'success';

type EntryModalProps = {
  opened: boolean;
  onClose: () => void;
  levelUuid: string | undefined;
  today: CalendarDay;
  /** The year the list shows: a new entry starts in it. */
  year: number;
  /** The entry to edit; a new entry when absent. */
  entry?: CarrierEntryRecord;
};

/**
 * The entry modal (spec part 2 §2 "Entry modal", §4 "Submission"): stage one picks the carrier and
 * sub-code, stage two takes the figures. Editing an entry opens at stage two with its breadcrumb.
 * Each opening starts afresh: a new form, and a new request id for its submission and retries.
 */
export function EntryModal(props: EntryModalProps) {
  return props.opened ? <EntryDialog {...props} /> : null;
}

function EntryDialog({ onClose, levelUuid, today, year, entry }: EntryModalProps) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<1 | 2>(entry ? 2 : 1);
  const [requestCarrier, setRequestCarrier] = useState(false);
  const [requestId] = useState(newRequestId);
  const form = useForm<CarrierEntryForm>({
    resolver: zodResolver(carrierEntryFormSchema(today)),
    mode: 'onTouched',
    defaultValues: entry ? formOf(entry) : emptyForm(today, year),
  });
  const { register, control, setValue, trigger, handleSubmit, formState } = form;
  const values = useWatch({ control }) as CarrierEntryForm;

  const sameYear = useQuery(carrierEntriesQuery(levelUuid, values.year));
  const existing = entry
    ? entry
    : matchingEntry(sameYear.data?.entries ?? [], {
        carrierUuid: values.carrierUuid,
        subCodeUuid: values.subCodeUuid,
        policyType: values.policyType,
        year: values.year,
        month: values.month,
      });
  // Spec part 2 §5 warning: the new entry will edit the existing one, so the form shows its figures in each
  // field the user has not typed into, instead of empty fields that would save as 0; choosing a key
  // without an entry again empties those fields.
  const existingUuid = entry ? null : (existing?.importUuid ?? null);
  const shownFigures = useRef<Partial<CarrierEntryForm>>({});
  useEffect(() => {
    if (entry) return;
    const shown = existing ? formOf(existing) : emptyForm(today, year);
    const untouched = FIGURES.filter((name) => form.getValues(name) === (shownFigures.current[name] ?? ''));
    for (const name of untouched) setValue(name, shown[name]);
    if (untouched.length === FIGURES.length) setValue('radio', shown.radio);
    shownFigures.current = Object.fromEntries(untouched.map((name) => [name, shown[name]]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per matching entry
  }, [existingUuid]);
  const onboarded = useQuery(onboardedCarriersQuery(levelUuid));
  const isOnboarded =
    !!values.carrierUuid && !!onboarded.data?.carriers.some((c) => c.uuid === values.carrierUuid);

  const close = () => {
    if (phase !== 'processing') onClose();
  };

  const next = async () => {
    if (await trigger(STAGE_ONE)) setStage(2);
  };

  const save = useMutation({
    mutationFn: (value: CarrierEntryForm) =>
      saveCarrierEntry(levelUuid, {
        carrierUuid: value.carrierUuid,
        subCodeUuid: value.subCodeUuid,
        subcodeParent: value.subCodeUuid ? null : value.subcodeParent,
        importUuid: existing?.importUuid ?? null,
        version: existing?.version ?? null,
        requestId,
        subCode: value.subCode,
        policyType: value.policyType,
        month: value.month,
        year: value.year,
        writtenPremium: value.writtenPremium,
        newBusiness: value.newBusiness,
        mover: value.mover,
        incurredLoss: value.incurredLoss,
        earnedPremium: value.earnedPremium,
        lossRatio: value.lossRatio,
        radio: value.radio,
      }),
    // Not awaited: the success shows at once, and the dialog closes once the list is fresh.
    onSuccess: () => {
      void queryClient
        .invalidateQueries({ queryKey: carrierEntriesKey })
        .then(() => setTimeout(onClose, SUCCESS_DELAY_MS));
      void queryClient.invalidateQueries({ queryKey: ['core-production'] });
    },
    onError: (error, value) => {
      showServerFieldErrors(error, form.setError, Object.keys(value) as FieldPath<CarrierEntryForm>[]);
      // A conflict or a vanished entry: the list is stale.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: carrierEntriesKey });
      }
    },
  });
  const phase: Phase = save.isPending ? 'processing' : save.isSuccess ? 'success' : 'editing';
  const serverError = !save.error
    ? null
    : save.error instanceof ApiError && save.error.body
      ? save.error.body.error.message
      : save.error.message || 'The entry could not be saved.';
  const submit = handleSubmit((value) => save.mutate(value));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (stage === 2) return void submit(event);
    event.preventDefault();
    void next();
  };

  return (
    <>
      <DialogFrame opened onClose={close} size="lg" closable={phase !== 'processing'}>
        <DialogHeader title={entry ? EDIT_ENTRY_TITLE : NEW_ENTRY_TITLE} closable={phase !== 'processing'} />
        <Modal.Body>
          {phase === 'success' ? (
            <Stack align="center" py="xl" role="status">
              <Text component="span" c="green.8">
                <Icon name="check" size={48} />
              </Text>
              <Text fw={600} size="lg">
                {SUCCESS}
              </Text>
            </Stack>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="sm">
                {entry && (
                  <nav aria-label="Entry">
                    <Breadcrumbs separator="›">
                      <Text size="sm">{entry.companyName}</Text>
                      <Text size="sm">{entry.subCode}</Text>
                      <Text size="sm">{MANUAL_LINE_LABELS[entry.policyTypeCode]}</Text>
                      <Text size="sm">{monthYearText(entry.year, entry.month)}</Text>
                    </Breadcrumbs>
                  </nav>
                )}
                {stage === 1 ? (
                  <StageOne
                    form={form}
                    levelUuid={levelUuid}
                    onRequestCarrier={() => setRequestCarrier(true)}
                    isOnboarded={isOnboarded}
                  />
                ) : (
                  <>
                    {!entry && (
                      <Text size="sm" c="dimmed">
                        {values.carrier} › {values.subCode}
                      </Text>
                    )}
                    {!entry && (
                      <SimpleGrid cols={{ base: 1, sm: 3 }}>
                        <Controller
                          control={control}
                          name="policyType"
                          render={({ field, fieldState }) => (
                            <Select
                              label="Line of Business"
                              placeholder="Choose"
                              data={MANUAL_LINE_CODES.map((code) => ({
                                value: code,
                                label: MANUAL_LINE_LABELS[code],
                              }))}
                              value={field.value ?? null}
                              onChange={(v) => field.onChange(v ?? undefined)}
                              onBlur={field.onBlur}
                              error={fieldState.error?.message}
                              required
                              allowDeselect={false}
                            />
                          )}
                        />
                        <Controller
                          control={control}
                          name="month"
                          render={({ field, fieldState }) => (
                            <Select
                              label="Month"
                              data={offeredMonths(values.year, today).map((m) => ({
                                value: String(m),
                                label: MONTH_NAMES[m - 1]!,
                              }))}
                              value={String(field.value)}
                              onChange={(v) => field.onChange(Number(v))}
                              onBlur={field.onBlur}
                              error={fieldState.error?.message}
                              required
                              allowDeselect={false}
                            />
                          )}
                        />
                        <Controller
                          control={control}
                          name="year"
                          render={({ field, fieldState }) => (
                            <Select
                              label="Year"
                              data={offeredYears(today).map(String)}
                              value={String(field.value)}
                              onChange={(v) => {
                                const chosen = Number(v);
                                field.onChange(chosen);
                                // Spec part 2 §5: a month in the future of the newly chosen year resets to the current one.
                                const months = offeredMonths(chosen, today);
                                if (!months.includes(values.month))
                                  setValue('month', months[months.length - 1]!);
                              }}
                              onBlur={field.onBlur}
                              error={fieldState.error?.message}
                              required
                              allowDeselect={false}
                            />
                          )}
                        />
                      </SimpleGrid>
                    )}
                    {!entry && existing && (
                      <Alert color="yellow" variant="light">
                        {EXISTING_ENTRY_WARNING}
                      </Alert>
                    )}
                    <SimpleGrid cols={{ base: 1, sm: 3 }}>
                      <AmountInput form={form} name="writtenPremium" label="Written Premium YTD" />
                      <AmountInput form={form} name="newBusiness" label="New Business YTD" />
                      <AmountInput form={form} name="mover" label="12 Month Mover" />
                    </SimpleGrid>
                    <Controller
                      control={control}
                      name="radio"
                      render={({ field }) => (
                        <Radio.Group label="Losses" value={field.value} onChange={field.onChange}>
                          <Group mt={4}>
                            <Radio
                              value="incurredLossEarnedPremium"
                              label="Incurred Loss and Earned Premium"
                            />
                            <Radio value="lossRatio" label="Loss Ratio" />
                          </Group>
                        </Radio.Group>
                      )}
                    />
                    {values.radio === 'incurredLossEarnedPremium' ? (
                      <SimpleGrid cols={{ base: 1, sm: 2 }}>
                        <AmountInput form={form} name="incurredLoss" label="Incurred Loss YTD" />
                        <AmountInput form={form} name="earnedPremium" label="Earned Premium YTD" />
                      </SimpleGrid>
                    ) : (
                      <TextInput
                        label="Loss Ratio"
                        placeholder="e.g. 55.5%"
                        inputMode="decimal"
                        {...register('lossRatio')}
                        error={formState.errors.lossRatio?.message}
                      />
                    )}
                  </>
                )}
                {serverError && (
                  <Alert color="red" variant="light" role="alert">
                    {serverError}
                  </Alert>
                )}
                {phase === 'processing' && (
                  <Group gap="xs" role="status">
                    <Loader size="xs" />
                    <Text size="sm">{PROCESSING}</Text>
                  </Group>
                )}
                <Group justify="flex-end" mt="sm">
                  <Button variant="default" onClick={close} disabled={phase === 'processing'}>
                    Cancel
                  </Button>
                  {stage === 2 && !entry && (
                    <Button variant="default" onClick={() => setStage(1)} disabled={phase === 'processing'}>
                      Back
                    </Button>
                  )}
                  <Button type="submit" disabled={phase === 'processing'}>
                    {stage === 1 ? 'Next' : 'Submit'}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Modal.Body>
      </DialogFrame>
      <CarrierRequestDialog opened={requestCarrier} onClose={() => setRequestCarrier(false)} />
    </>
  );
}

type Form = ReturnType<typeof useForm<CarrierEntryForm>>;

function AmountInput({
  form,
  name,
  label,
}: {
  form: Form;
  name: 'writtenPremium' | 'newBusiness' | 'mover' | 'incurredLoss' | 'earnedPremium';
  label: string;
}) {
  return (
    <TextInput
      label={label}
      placeholder="$0.00"
      inputMode="decimal"
      {...form.register(name)}
      error={form.formState.errors[name]?.message}
    />
  );
}

/** Stage one: the carrier (searched from 3 characters), its sub-code and an optional parent code. */
function StageOne({
  form,
  levelUuid,
  onRequestCarrier,
  isOnboarded,
}: {
  form: Form;
  levelUuid: string | undefined;
  onRequestCarrier: () => void;
  isOnboarded: boolean;
}) {
  const { control, setValue, formState } = form;
  const [carrier, carrierUuid, subCode, subCodeUuid] = useWatch({
    control,
    name: ['carrier', 'carrierUuid', 'subCode', 'subCodeUuid'],
  });
  const [search] = useDebouncedValue(carrier.trim(), SEARCH_DEBOUNCE_MS);
  const searching = !carrierUuid && search.length >= CARRIER_SEARCH_MIN;
  const carriers = useQuery({ ...carrierSearchQuery(search), enabled: searching });
  const subCodes = useQuery(subCodesQuery(levelUuid, carrierUuid || null));
  const [subCodeOpen, setSubCodeOpen] = useState(false);

  const typed = subCode.trim().toLowerCase();
  const codes = subCodes.data?.subCodes ?? [];
  const suggestions = codes
    .filter((c) => c.code.toLowerCase().includes(typed))
    .slice(0, SUB_CODE_RESULTS_MAX);
  const exact = codes.find((c) => c.code.toLowerCase() === typed);
  const set = (name: FieldPath<CarrierEntryForm>, value: string | null) =>
    setValue(name, value as never, {
      shouldValidate: formState.isSubmitted || !!formState.touchedFields[name as 'carrier'],
    });

  return (
    <Stack gap="sm">
      <div>
        <TextInput
          label="Carrier"
          placeholder="Search carriers"
          required
          autoComplete="off"
          value={carrier}
          onChange={(event) => {
            // Still searching: a message from an earlier blur goes until the next blur or Next.
            form.clearErrors(['carrier', 'carrierUuid']);
            set('carrier', event.currentTarget.value);
            set('carrierUuid', '');
            set('subCodeUuid', null);
            set('subCode', '');
          }}
          onBlur={() => void form.trigger('carrier')}
          description={
            !carrierUuid && carrier.trim().length < CARRIER_SEARCH_MIN ? ENTER_AT_LEAST : undefined
          }
          error={formState.errors.carrier?.message ?? formState.errors.carrierUuid?.message}
        />
        {searching && (
          <Stack
            gap={2}
            mt={4}
            aria-label="Carriers found"
            component="ul"
            p={0}
            style={{ listStyle: 'none' }}
          >
            {carriers.isPending && <Loader size="xs" />}
            {carriers.data?.carriers.length === 0 && (
              <Text size="sm" c="dimmed">
                No carrier matches “{search}”.
              </Text>
            )}
            {carriers.data?.carriers.map((c) => (
              <li key={c.uuid}>
                <UnstyledButton
                  px="xs"
                  py={4}
                  w="100%"
                  onClick={() => {
                    set('carrier', c.displayName);
                    set('carrierUuid', c.uuid);
                  }}
                >
                  {c.displayName}
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
        <Anchor component="button" type="button" size="sm" mt={4} onClick={onRequestCarrier}>
          {CARRIER_NOT_FOUND}
        </Anchor>
      </div>
      {isOnboarded && (
        <Alert color="yellow" variant="light">
          {ONBOARDED_WARNING}
        </Alert>
      )}
      {carrierUuid && (
        <div>
          <TextInput
            label="Sub-code"
            required
            autoComplete="off"
            maxLength={SUB_CODE_MAX}
            value={subCode}
            onFocus={() => setSubCodeOpen(true)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              set('subCode', value);
              const match = codes.find((c) => c.code.toLowerCase() === value.trim().toLowerCase());
              set('subCodeUuid', match?.uuid ?? null);
              setSubCodeOpen(true);
            }}
            onBlur={() => void form.trigger('subCode')}
            error={formState.errors.subCode?.message}
          />
          {subCodeOpen && (suggestions.length > 0 || (typed && !exact)) && (
            <Stack gap={2} mt={4} aria-label="Sub-codes" component="ul" p={0} style={{ listStyle: 'none' }}>
              {suggestions.map((c) => (
                <li key={c.uuid}>
                  <UnstyledButton
                    px="xs"
                    py={4}
                    w="100%"
                    onClick={() => {
                      set('subCode', c.code);
                      set('subCodeUuid', c.uuid);
                      setSubCodeOpen(false);
                    }}
                  >
                    {c.code}
                  </UnstyledButton>
                </li>
              ))}
              {typed && !exact && (
                <li>
                  <UnstyledButton px="xs" py={4} w="100%" fw={600} onClick={() => setSubCodeOpen(false)}>
                    {CREATE_SUB_CODE}
                  </UnstyledButton>
                </li>
              )}
            </Stack>
          )}
        </div>
      )}
      {carrierUuid && !subCodeUuid && codes.length > 0 && (
        <Controller
          control={control}
          name="subcodeParent"
          render={({ field }) => (
            <Select
              label="Associated Sub Agency (optional)"
              placeholder="None"
              clearable
              data={codes.map((c) => ({ value: c.uuid, label: c.code }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </Stack>
  );
}
