import { z } from 'zod';
import {
  COUNTRY,
  mobileInputValue,
  mobileSchema,
  mobileOf,
  personFieldsSchema,
  phonePartsOf,
  PASSWORD_MISMATCH,
  passwordSchema,
  REQUIRED,
} from '#shared/contracts/account-fields.ts';
import type { Profile, ProfileUpdate } from '#shared/contracts/profile.ts';

/**
 * My profile's form model: the shared person-field rules, with the phone as one US mobile field
 * ("+1 (555) 123-4567") instead of the API's parts. Pure, so it is tested without a browser.
 */
const {
  countryCode: _cc,
  areaCode: _ac,
  phoneNumber: _pn,
  country: _c,
  ...personFields
} = personFieldsSchema.shape;

export const profileFormSchema = z.object({
  ...personFields,
  mobile: mobileSchema,
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileField = keyof ProfileFormValues;

/** The form's values for a saved profile. */
export function formValuesOf(profile: Profile): Required<ProfileFormValues> {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    emailAddress: profile.emailAddress,
    addressLine1: profile.addressLine1,
    addressLine2: profile.addressLine2,
    city: profile.city,
    state: profile.state,
    postalCode: profile.postalCode,
    mobile: mobileOf(profile),
  };
}

/** PUT /api/profile/users for the form's values: the phone split into its parts, the country fixed. */
export function profileUpdateOf(userUuid: string, values: Required<ProfileFormValues>): ProfileUpdate {
  const { mobile, ...fields } = values;
  return { userUuid, ...fields, ...phonePartsOf(mobile), country: COUNTRY };
}

/** Where a field message of the API belongs in the form: the phone parts are the one mobile field. */
export function formFieldOf(apiField: string): ProfileField | null {
  if (apiField === 'countryCode' || apiField === 'areaCode' || apiField === 'phoneNumber') return 'mobile';
  return apiField in profileFormSchema.shape ? (apiField as ProfileField) : null;
}

/** What the US mobile field shows for what was typed: empty without digits, else "+1 (555) 123-4567". */
export function mobileInput(typed: string): string {
  return mobileInputValue(typed);
}

/** The new password and its confirmation (reset password page): the shared rules and messages. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, REQUIRED) })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MISMATCH,
  });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
