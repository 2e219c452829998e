import type { PersonFields } from '#shared/contracts/account-fields.ts';

/**
 * The `users` columns of the person fields (registration and My profile): `name` kept as
 * "first last" for the header, and the country code stored only with a number.
 */
export function personColumns(input: Omit<PersonFields, 'emailAddress'>) {
  const hasNumber = input.areaCode !== '' || input.phoneNumber !== '';
  return {
    name: `${input.firstName} ${input.lastName}`,
    firstName: input.firstName,
    lastName: input.lastName,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2,
    city: input.city,
    state: input.state,
    postalCode: input.postalCode,
    country: input.country,
    countryCode: hasNumber ? input.countryCode : '',
    areaCode: input.areaCode,
    phoneNumber: input.phoneNumber,
  };
}
