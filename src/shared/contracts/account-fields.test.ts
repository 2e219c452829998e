import { describe, expect, it } from 'vitest';
import {
  INVALID_EMAIL,
  INVALID_MOBILE,
  NOT_A_US_AREA_CODE,
  NOT_A_US_MOBILE,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_WEAK,
  REQUIRED,
  filterAlpha,
  filterPostalCode,
  formatUsMobile,
  mobileInputValue,
  mobileIsValid,
  mobileProblem,
  mobileOf,
  passwordSchema,
  personFieldsSchema,
  phonePartsOf,
} from './account-fields.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('password rules', () => {
  it.each([
    ['', REQUIRED],
    ['Ab1.', PASSWORD_TOO_SHORT],
    ['abcdefg1.', PASSWORD_TOO_WEAK],
    ['ABCDEFG1.', PASSWORD_TOO_WEAK],
    ['Abcdefgh.', PASSWORD_TOO_WEAK],
    ['Abcdefg12', PASSWORD_TOO_WEAK],
    ['Abcdefg1@', PASSWORD_TOO_WEAK],
  ])('refuses %j with %s', (password, message) => {
    expect(messages(passwordSchema.safeParse(password))).toContain(message);
  });

  it.each(['Abcdefg1.', 'Abcdefg1_', 'Abcdefg1-', 'Abcdefg1<', 'Abcdefg1>', 'Abcdefg1?', 'Abcdefg1!'])(
    'accepts %j',
    (password) => expect(passwordSchema.safeParse(password).success).toBe(true),
  );
});

describe('person fields', () => {
  const valid = { firstName: 'Mary Ann', lastName: "O'Neil", emailAddress: 'mary@example.com' };

  it('needs the names and a valid e-mail address', () => {
    expect(personFieldsSchema.safeParse(valid).success).toBe(true);
    expect(messages(personFieldsSchema.safeParse({ ...valid, firstName: ' ' }))).toEqual([REQUIRED]);
    expect(messages(personFieldsSchema.safeParse({ ...valid, lastName: '' }))).toEqual([REQUIRED]);
    expect(messages(personFieldsSchema.safeParse({ ...valid, emailAddress: '' }))).toEqual([REQUIRED]);
    expect(messages(personFieldsSchema.safeParse({ ...valid, emailAddress: 'mary@' }))).toEqual([
      INVALID_EMAIL,
    ]);
  });

  it('takes a US phone of eleven digits in parts, or none', () => {
    const phone = { countryCode: '1', areaCode: '555', phoneNumber: '1234567' };
    expect(personFieldsSchema.safeParse({ ...valid, ...phone }).success).toBe(true);
    expect(personFieldsSchema.safeParse({ ...valid, countryCode: '1' }).success).toBe(true);
    expect(messages(personFieldsSchema.safeParse({ ...valid, ...phone, phoneNumber: '123456' }))).toEqual([
      INVALID_MOBILE,
    ]);
    expect(messages(personFieldsSchema.safeParse({ ...valid, ...phone, phoneNumber: '123456x' }))).toEqual([
      INVALID_MOBILE,
    ]);
  });

  it('refuses letters-only fields with other characters, and a foreign country', () => {
    expect(personFieldsSchema.safeParse({ ...valid, city: 'Winston-Salem' }).success).toBe(true);
    expect(personFieldsSchema.safeParse({ ...valid, city: 'Area 51' }).success).toBe(false);
    expect(personFieldsSchema.safeParse({ ...valid, postalCode: '12345-678' }).success).toBe(true);
    expect(personFieldsSchema.safeParse({ ...valid, postalCode: '12a45' }).success).toBe(false);
    expect(personFieldsSchema.safeParse({ ...valid, country: 'Canada' }).success).toBe(false);
  });
});

describe('input filters and the US phone', () => {
  it('strips what a field does not take', () => {
    expect(filterAlpha('Jo3hn_ Smith!')).toBe('John Smith');
    expect(filterAlpha('Zoë')).toBe('Zoë');
    expect(filterPostalCode('12a34-5 6#')).toBe('1234-5 6');
  });

  it('formats, splits and checks a mobile number', () => {
    expect(formatUsMobile('5551234567')).toBe('+1 (555) 123-4567');
    expect(formatUsMobile('+1 555')).toBe('+1 (555');
    expect(formatUsMobile('1555123456789')).toBe('+1 (555) 123-4567');
    expect(phonePartsOf('+1 (555) 123-4567')).toEqual({
      countryCode: '1',
      areaCode: '555',
      phoneNumber: '1234567',
    });
    expect(phonePartsOf('+1')).toEqual({ countryCode: '1', areaCode: '', phoneNumber: '' });
    expect(mobileOf({ countryCode: '1', areaCode: '555', phoneNumber: '1234567' })).toBe('+1 (555) 123-4567');
    expect(mobileOf({ countryCode: '', areaCode: '', phoneNumber: '' })).toBe('');
    expect(mobileIsValid('+1')).toBe(true);
    expect(mobileIsValid('+1 (555) 123-456')).toBe(false);
    expect(mobileIsValid('+1 (555) 123-4567')).toBe(true);
  });

  it('refuses a mobile number of another country clearly instead of rewriting it as a US one', () => {
    // A UK mobile: kept as typed in the field, and refused with a message that says why.
    expect(mobileInputValue('+44 7700 900123')).toBe('+44 7700 900123');
    expect(mobileProblem('+44 7700 900123')).toBe(NOT_A_US_MOBILE);
    expect(mobileProblem('0044 7700 900123')).toBe(NOT_A_US_MOBILE);
    expect(mobileProblem('07700 900123')).toBe(NOT_A_US_MOBILE);
    expect(mobileInputValue('07700 900123')).toBe('07700 900123');
    // US numbers as before.
    expect(mobileInputValue('5551234567')).toBe('+1 (555) 123-4567');
    expect(mobileProblem('+1 (555) 123-4567')).toBeNull();
    expect(mobileProblem('+1')).toBeNull();
    expect(mobileProblem('')).toBeNull();
    expect(mobileProblem('+1 (555) 123-456')).toBe(INVALID_MOBILE);
    expect(mobileProblem('+1 (155) 123-4567')).toBe(NOT_A_US_AREA_CODE);
    // The API refuses the parts of a number of another country too.
    const api = (countryCode: string, areaCode: string, phoneNumber: string) =>
      personFieldsSchema
        .safeParse({
          firstName: 'Ann',
          lastName: 'Lee',
          emailAddress: 'ann@example.test',
          countryCode,
          areaCode,
          phoneNumber,
        })
        .error?.issues.map((i) => i.message) ?? [];
    expect(api('4', '477', '0090012')).toEqual([NOT_A_US_MOBILE]);
    expect(api('1', '077', '0090012')).toEqual([NOT_A_US_AREA_CODE]);
    expect(api('1', '555', '1234567')).toEqual([]);
  });
});
