import { describe, expect, it } from 'vitest';
import {
  INVALID_MOBILE,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_SHORT,
  REQUIRED,
} from '#shared/contracts/account-fields.ts';
import { profileUpdateSchema } from '#shared/contracts/profile.ts';
import {
  formFieldOf,
  formValuesOf,
  mobileInput,
  newPasswordSchema,
  profileFormSchema,
  profileUpdateOf,
} from './profile-form.ts';
import { agencyUserProfile } from '#tests/support/shell-api.ts';

const saved = agencyUserProfile;

describe('the profile form model', () => {
  it('shows the phone parts as one US mobile and sends them back as parts the API accepts', () => {
    const values = formValuesOf(saved);
    expect(values.mobile).toBe('+1 (515) 555-0142');
    const update = profileUpdateOf(saved.userUuid, profileFormSchema.parse(values));
    expect(update).toEqual({ ...saved });
    expect(profileUpdateSchema.safeParse(update).success).toBe(true);
  });

  it('sends no phone when the mobile is empty', () => {
    const values = formValuesOf({ ...saved, countryCode: '', areaCode: '', phoneNumber: '' });
    expect(values.mobile).toBe('');
    expect(profileUpdateOf(saved.userUuid, profileFormSchema.parse(values))).toMatchObject({
      countryCode: '',
      areaCode: '',
      phoneNumber: '',
    });
  });

  it('checks the fields with the shared messages', () => {
    const result = profileFormSchema.safeParse({
      ...formValuesOf(saved),
      firstName: ' ',
      mobile: '+1 (515) 55',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', REQUIRED],
      ['mobile', INVALID_MOBILE],
    ]);
  });

  it('puts each field message of the API on its form field', () => {
    expect(formFieldOf('phoneNumber')).toBe('mobile');
    expect(formFieldOf('areaCode')).toBe('mobile');
    expect(formFieldOf('city')).toBe('city');
    expect(formFieldOf('emailAddress')).toBe('emailAddress');
    expect(formFieldOf('userUuid')).toBeNull();
  });

  it('formats the mobile as typed, and empties it when no digit is left', () => {
    expect(mobileInput('5155550142')).toBe('+1 (515) 555-0142');
    expect(mobileInput('1515555014299')).toBe('+1 (515) 555-0142');
    expect(mobileInput('+1 (51')).toBe('+1 (51');
    expect(mobileInput('+')).toBe('');
    expect(mobileInput('')).toBe('');
  });

  it('asks for a valid new password and the same again', () => {
    const issues = (password: string, confirmPassword: string) =>
      newPasswordSchema
        .safeParse({ password, confirmPassword })
        .error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues('Ab1.', '')).toContainEqual(['password', PASSWORD_TOO_SHORT]);
    expect(issues('Ab1.', '')).toContainEqual(['confirmPassword', REQUIRED]);
    expect(issues('Fresh-start-42', 'Fresh-start-43')).toEqual([['confirmPassword', PASSWORD_MISMATCH]]);
    expect(issues('Fresh-start-42', 'Fresh-start-42')).toBeUndefined();
  });
});
