import { z } from 'zod';
import {
  COUNTRY,
  PASSWORD_MISMATCH,
  REQUIRED,
  TERMS_NOT_ACCEPTED,
  emailAddressSchema,
  mobileSchema,
  passwordSchema,
  personFieldsSchema,
  personNameSchema,
  phonePartsOf,
} from '#shared/contracts/account-fields.ts';
import type { RegistrationMetadata, RegistrationRequest } from '#shared/contracts/registration.ts';

const person = personFieldsSchema.shape;

/**
 * The registration form (spec part 2 §5 "Registration"): the shared person-field rules and
 * messages, the mobile as one typed US number, the password twice, and the terms.
 */
export const registrationFormSchema = z
  .object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    emailAddress: emailAddressSchema,
    addressLine1: person.addressLine1,
    addressLine2: person.addressLine2,
    city: person.city,
    state: person.state,
    postalCode: person.postalCode,
    mobile: mobileSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, REQUIRED),
    acceptTerms: z.boolean().refine((accepted) => accepted, TERMS_NOT_ACCEPTED),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword !== '' && form.confirmPassword !== form.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH });
    }
  });
export type RegistrationFormValues = z.input<typeof registrationFormSchema>;
export type RegistrationFormField = keyof RegistrationFormValues;

/** The form as it opens: the invitation's names and address, everything else empty. */
export function initialRegistrationForm(
  metadata: Pick<RegistrationMetadata, 'firstName' | 'lastName' | 'emailAddress'>,
): RegistrationFormValues {
  return {
    firstName: metadata.firstName,
    lastName: metadata.lastName,
    emailAddress: metadata.emailAddress,
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    postalCode: '',
    mobile: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false,
  };
}

/** The account-creation body (spec part 2 §7) of a valid form, for the invitation of `metadata`. */
export function toRegistrationRequest(
  form: RegistrationFormValues,
  metadata: Pick<RegistrationMetadata, 'subscriberUuid' | 'accessToken'>,
): RegistrationRequest {
  const phone = phonePartsOf(form.mobile);
  const hasNumber = phone.areaCode !== '' || phone.phoneNumber !== '';
  return {
    agencyId: metadata.subscriberUuid,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    emailAddress: form.emailAddress.trim(),
    addressLine1: (form.addressLine1 ?? '').trim(),
    addressLine2: (form.addressLine2 ?? '').trim(),
    city: (form.city ?? '').trim(),
    state: (form.state ?? '').trim(),
    postalCode: (form.postalCode ?? '').trim(),
    countryCode: hasNumber ? phone.countryCode : '',
    areaCode: hasNumber ? phone.areaCode : '',
    phoneNumber: hasNumber ? phone.phoneNumber : '',
    country: COUNTRY,
    password: form.password,
    token: metadata.accessToken,
  };
}

/** The form field a server field message belongs to (the phone parts are the one Mobile input). */
export function formFieldOf(serverField: string): RegistrationFormField | null {
  if (serverField === 'countryCode' || serverField === 'areaCode' || serverField === 'phoneNumber') {
    return 'mobile';
  }
  const fields: readonly string[] = Object.keys(registrationFormSchema.shape);
  return fields.includes(serverField) ? (serverField as RegistrationFormField) : null;
}
