import { describe, expect, it } from 'vitest';
import {
  INVALID_EMAIL,
  INVALID_MOBILE,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_WEAK,
  REQUIRED,
  TERMS_NOT_ACCEPTED,
} from '#shared/contracts/account-fields.ts';
import { registrationPathOf, registrationRequestSchema } from '#shared/contracts/registration.ts';
import {
  formFieldOf,
  initialRegistrationForm,
  registrationFormSchema,
  toRegistrationRequest,
  type RegistrationFormValues,
} from './registration-form.ts';

const metadata = {
  subscriberUuid: '3f1c6a52-8f0e-4f7e-9d7c-2b1e4c5d6a7b',
  accessToken: 'token-from-the-link',
  firstName: 'Rosa',
  lastName: 'Lee',
  emailAddress: 'rosa@example.test',
};

const valid: RegistrationFormValues = {
  ...initialRegistrationForm(metadata),
  mobile: '+1 (515) 555-0123',
  password: 'Welcome-aboard-7',
  confirmPassword: 'Welcome-aboard-7',
  acceptTerms: true,
};

/** The first message of each field, as the form shows them. */
function messagesOf(form: RegistrationFormValues): Record<string, string> {
  const result = registrationFormSchema.safeParse(form);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('the registration form rules (spec part 2 §5)', () => {
  it('opens with the invitation’s names and address', () => {
    expect(initialRegistrationForm(metadata)).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Lee',
      emailAddress: 'rosa@example.test',
      acceptTerms: false,
    });
  });

  it('accepts a complete form, with or without a mobile number', () => {
    expect(messagesOf(valid)).toEqual({});
    expect(messagesOf({ ...valid, mobile: '' })).toEqual({});
    expect(messagesOf({ ...valid, mobile: '+1' })).toEqual({});
  });

  it('says each rule with its exact message', () => {
    expect(
      messagesOf({
        ...valid,
        firstName: '',
        lastName: ' ',
        emailAddress: 'rosa@',
        mobile: '+1 (515) 55',
        password: 'Ab1.',
        confirmPassword: 'something else',
        acceptTerms: false,
      }),
    ).toEqual({
      firstName: REQUIRED,
      lastName: REQUIRED,
      emailAddress: INVALID_EMAIL,
      mobile: INVALID_MOBILE,
      password: PASSWORD_TOO_SHORT,
      confirmPassword: PASSWORD_MISMATCH,
      acceptTerms: TERMS_NOT_ACCEPTED,
    });
    expect(messagesOf({ ...valid, emailAddress: '' }).emailAddress).toBe(REQUIRED);
    expect(messagesOf({ ...valid, password: 'welcome-aboard', confirmPassword: 'welcome-aboard' })).toEqual({
      password: PASSWORD_TOO_WEAK,
    });
    expect(messagesOf({ ...valid, confirmPassword: '' })).toEqual({ confirmPassword: REQUIRED });
  });
});

describe('toRegistrationRequest', () => {
  it('sends the spec’s body: the phone in parts, the country, the agency and the token', () => {
    const body = toRegistrationRequest({ ...valid, city: 'Des Moines ', postalCode: '50309' }, metadata);
    expect(body).toEqual({
      agencyId: metadata.subscriberUuid,
      firstName: 'Rosa',
      lastName: 'Lee',
      emailAddress: 'rosa@example.test',
      addressLine1: '',
      addressLine2: '',
      city: 'Des Moines',
      state: '',
      postalCode: '50309',
      countryCode: '1',
      areaCode: '515',
      phoneNumber: '5550123',
      country: 'United States',
      password: 'Welcome-aboard-7',
      token: 'token-from-the-link',
    });
    // The server accepts exactly what the form sends.
    expect(registrationRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sends no phone parts when no number was typed', () => {
    for (const mobile of ['', '+1']) {
      expect(toRegistrationRequest({ ...valid, mobile }, metadata)).toMatchObject({
        countryCode: '',
        areaCode: '',
        phoneNumber: '',
      });
    }
  });
});

describe('formFieldOf', () => {
  it('puts the server’s phone messages on the Mobile input and ignores fields the form lacks', () => {
    expect(formFieldOf('phoneNumber')).toBe('mobile');
    expect(formFieldOf('areaCode')).toBe('mobile');
    expect(formFieldOf('emailAddress')).toBe('emailAddress');
    expect(formFieldOf('agencyId')).toBeNull();
  });
});

describe('registrationPathOf', () => {
  it('picks the call from the metadata', () => {
    const userUuid = '9b2e7c4a-1d3f-4e5a-8b6c-7d8e9f0a1b2c';
    expect(registrationPathOf({ userUuid, willInviteeBePrimaryUser: true })).toBe(
      `/api/register/user/${userUuid}`,
    );
    expect(registrationPathOf({ userUuid: null, willInviteeBePrimaryUser: true })).toBe(
      '/api/register/createPrimaryUser',
    );
    expect(registrationPathOf({ userUuid: null, willInviteeBePrimaryUser: false })).toBe(
      '/api/register/createUser',
    );
  });
});
