import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isCommonPassword, PASSWORD_TOO_COMMON } from '#shared/contracts/account-fields.ts';
import { appRoot } from '#server/config.ts';
import { AppError } from '#server/errors.ts';

/**
 * The 10,000 most common passwords (SecLists, MIT; see common-passwords.LICENSE.md), shipped in the
 * repository and read from the sources at run time like the migrations, so nothing is downloaded.
 */
export const COMMON_PASSWORDS_FILE = path.join(appRoot, 'src', 'server', 'auth', 'common-passwords.txt');

let loaded: ReadonlySet<string> | null = null;

/** The list in lower case, read once (about 10,000 entries, a few hundred kilobytes in memory). */
export function commonPasswords(): ReadonlySet<string> {
  loaded ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line.length > 0),
  );
  return loaded;
}

/** Whether a new password is a common one, or a common one with capitals, digits or symbols added. */
export const isTooCommon = (password: string) => isCommonPassword(password, commonPasswords());

/** Refuses a common new password with a 400 that names the form's field (e.g. registration's `password`). */
export function refuseCommonPassword(password: string, field: string): void {
  if (isTooCommon(password)) {
    throw new AppError('bad_request', PASSWORD_TOO_COMMON, { [field]: PASSWORD_TOO_COMMON });
  }
}
