import { z } from 'zod';

/**
 * The person fields of registration and My profile (spec part 2 §5 "Registration" and "Profile"):
 * one set of rules and messages, shared by both forms and by the server, so the server refuses
 * exactly what the forms refuse.
 */

export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Invalid Email';
export const INVALID_MOBILE = 'Invalid Mobile Number';
export const PASSWORD_TOO_SHORT = 'Password must contain at least 8 characters.';
export const PASSWORD_TOO_WEAK =
  'Password must contain at least one uppercase, one number and one special case character.';
export const PASSWORD_MISMATCH = "Password doesn't match";
export const PASSWORD_TOO_COMMON =
  'This password is too common, even with capitals, numbers or symbols added. Please choose one that is harder to guess.';
export const TERMS_NOT_ACCEPTED = 'You must accept Terms & Conditions';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The special characters a password needs one of. */
export const PASSWORD_SPECIALS = '._-<>?!';
/** A mobile number longer than this many characters must have at least MOBILE_MIN_DIGITS digits. */
export const MOBILE_CHECK_FROM = 2;
export const MOBILE_MIN_DIGITS = 11;
/** The country is fixed (spec part 2 §9); phone numbers are US numbers, country code 1. */
export const COUNTRY = 'United States';
export const US_COUNTRY_CODE = '1';

/** The live checklist of the password rules, in the order shown. */
export const PASSWORD_CHECKLIST: readonly { label: string; test: (password: string) => boolean }[] = [
  { label: 'At least 8 characters', test: (p) => p.length >= PASSWORD_MIN },
  { label: 'An uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { label: 'A lowercase letter', test: (p) => /[a-z]/.test(p) },
  { label: 'A number', test: (p) => /\d/.test(p) },
  {
    label: `A special character (${PASSWORD_SPECIALS.split('').join(' ')})`,
    test: (p) => /[._\-<>?!]/.test(p),
  },
];

/**
 * The password rules of spec part 2 §5: required, at least 8, and every character class. A new
 * password must also not be a common one (`isCommonPassword`); the list of 10,000 is too large for
 * the browser's bundle, so the server applies that rule and answers the field with PASSWORD_TOO_COMMON.
 */
export const passwordSchema = z
  .string()
  .min(1, REQUIRED)
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, `Password must contain at most ${PASSWORD_MAX} characters.`)
  .refine((p) => PASSWORD_CHECKLIST.slice(1).every((rule) => rule.test(p)), PASSWORD_TOO_WEAK);

/** A base word left after taking the trailing digits off must be this long to count. */
const COMMON_BASE_MIN = 4;

/**
 * The forms of a password compared with the common-password list: in lower case without anything but
 * letters and digits ("Password1!" -> "password1"), and that without its trailing digits
 * ("Sunshine.2025" -> "sunshine"), since the character rules make people decorate a common word.
 */
export function commonPasswordForms(password: string): string[] {
  const plain = password.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const base = plain.replace(/\d+$/, '');
  return base !== plain && base.length >= COMMON_BASE_MIN ? [plain, base] : [plain];
}

/**
 * A new password is refused when any of its forms is on the list of common passwords (the list's
 * entries in lower case). The list lives on the server (auth/common-passwords.ts).
 */
export function isCommonPassword(password: string, commonPasswords: ReadonlySet<string>): boolean {
  return commonPasswordForms(password).some((form) => commonPasswords.has(form));
}

/**
 * Alpha fields (names, city, state) keep letters only, plus the spaces, hyphens and apostrophes that
 * real names and places contain ("Mary Ann", "O'Neil", "Winston-Salem").
 */
export const filterAlpha = (value: string) => value.replace(/[^\p{L} '-]/gu, '');
/** Postal codes keep digits, spaces and hyphens. */
export const filterPostalCode = (value: string) => value.replace(/[^\d -]/g, '');

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** A mobile number as typed: fine when empty (up to 2 characters, the "+1"), else at least 11 digits. */
export const mobileIsValid = (mobile: string) =>
  mobile.trim().length <= MOBILE_CHECK_FROM || digitsOf(mobile).length >= MOBILE_MIN_DIGITS;

export const NOT_A_US_MOBILE =
  'Only US mobile numbers are accepted (+1 and 10 digits): this number has another country code';
export const NOT_A_US_AREA_CODE = 'Not a US mobile number: a US area code does not start with 0 or 1';

/** Typed with an international prefix (+ or 00) other than the US's 1, or a national 0 prefix. */
function foreignPrefix(typed: string): boolean {
  const international = /^\s*(?:\+|00)\s*(\d)/.exec(typed);
  if (international) return international[1] !== US_COUNTRY_CODE;
  return /^\s*\(?\s*0/.test(typed);
}

/**
 * What is wrong with a mobile number as typed, or null: empty is fine; a number of another country
 * (a prefix other than +1, or a national 0) is refused as such instead of being read as a US number;
 * otherwise it needs 10 digits after the 1, with an area code that does not start with 0 or 1.
 */
export function mobileProblem(typed: string): string | null {
  if (typed.trim().length <= MOBILE_CHECK_FROM) return null;
  if (foreignPrefix(typed)) return NOT_A_US_MOBILE;
  if (!mobileIsValid(typed)) return INVALID_MOBILE;
  const { areaCode, phoneNumber } = phonePartsOf(typed);
  if (areaCode.length + phoneNumber.length !== 10) return INVALID_MOBILE;
  if (!/^[2-9]/.test(areaCode)) return NOT_A_US_AREA_CODE;
  return null;
}

/** The mobile field of the forms: a US number, or empty. */
export const mobileSchema = z.string().superRefine((typed, ctx) => {
  const problem = mobileProblem(typed);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * What the US mobile input shows for what was typed: empty without digits; a number with another
 * country's prefix as typed (the field then says why it is refused); else "+1 (555) 123-4567".
 */
export function mobileInputValue(typed: string): string {
  if (!/\d/.test(typed)) return '';
  return foreignPrefix(typed) ? typed : formatUsMobile(typed);
}

export type PhoneParts = { countryCode: string; areaCode: string; phoneNumber: string };

/** Splits a US mobile number as typed ("+1 (555) 123-4567") into the API's parts. */
export function phonePartsOf(mobile: string): PhoneParts {
  let digits = digitsOf(mobile);
  if (digits.length === 0) return { countryCode: '', areaCode: '', phoneNumber: '' };
  if (digits.startsWith(US_COUNTRY_CODE)) digits = digits.slice(1);
  return { countryCode: US_COUNTRY_CODE, areaCode: digits.slice(0, 3), phoneNumber: digits.slice(3) };
}

/** Formats the API's phone parts for the US phone input: "+1 (555) 123-4567", or "" with no number. */
export function mobileOf(parts: PhoneParts): string {
  const digits = digitsOf(parts.areaCode + parts.phoneNumber);
  if (digits.length === 0) return '';
  return formatUsMobile(`1${digits}`);
}

/** Formats what is typed into the US phone input as "+1 (555) 123-4567", at most 11 digits. */
export function formatUsMobile(typed: string): string {
  let digits = digitsOf(typed);
  if (digits.startsWith(US_COUNTRY_CODE)) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  let out = '+1';
  if (area) out += ` (${area}`;
  if (area.length === 3 && digits.length > 3) out += ')';
  if (exchange) out += ` ${exchange}`;
  if (line) out += `-${line}`;
  return out;
}

const alphaField = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((v) => filterAlpha(v) === v, 'Letters only');

/** A first or last name: required, letters only (see filterAlpha). */
export const personNameSchema = alphaField(80).pipe(z.string().min(1, REQUIRED));

/** An e-mail address: required ('Required'), then valid ('Invalid Email'). */
export const emailAddressSchema = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .pipe(z.string().max(254, INVALID_EMAIL).email(INVALID_EMAIL));

/**
 * The person fields as the API takes them (registration and PUT /api/profile/users): names required,
 * e-mail required and valid, the phone in parts and checked as one number.
 */
export const personFieldsSchema = z
  .object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    emailAddress: emailAddressSchema,
    addressLine1: z.string().trim().max(200, 'At most 200 characters').default(''),
    addressLine2: z.string().trim().max(200, 'At most 200 characters').default(''),
    city: alphaField(100).default(''),
    state: alphaField(100).default(''),
    postalCode: z
      .string()
      .trim()
      .max(10, 'At most 10 characters')
      .refine((v) => filterPostalCode(v) === v, 'Digits, spaces and hyphens only')
      .default(''),
    countryCode: z.string().trim().max(3).default(''),
    areaCode: z.string().trim().max(3).default(''),
    phoneNumber: z.string().trim().max(12).default(''),
    country: z.literal(COUNTRY, `The country is ${COUNTRY}`).default(COUNTRY),
  })
  .superRefine((v, ctx) => {
    const typed = `${v.countryCode}${v.areaCode}${v.phoneNumber}`;
    const digits = digitsOf(typed);
    if (typed.length > MOBILE_CHECK_FROM && (digits.length !== MOBILE_MIN_DIGITS || digits !== typed)) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: INVALID_MOBILE });
    } else if (typed.length > MOBILE_CHECK_FROM && v.countryCode !== US_COUNTRY_CODE) {
      ctx.addIssue({ code: 'custom', path: ['countryCode'], message: NOT_A_US_MOBILE });
    } else if (typed.length > MOBILE_CHECK_FROM && !/^[2-9]/.test(v.areaCode)) {
      ctx.addIssue({ code: 'custom', path: ['areaCode'], message: NOT_A_US_AREA_CODE });
    }
  });
export type PersonFields = z.infer<typeof personFieldsSchema>;

/** POST /api/password/common: whether a new password is a common one (the live checklist asks). */
export const commonPasswordRequestSchema = z.object({ password: z.string().max(PASSWORD_MAX) });
export const commonPasswordResponseSchema = z.object({ common: z.boolean() });
export const NOT_COMMON_RULE = 'Not a common password';
