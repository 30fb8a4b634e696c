import { domainError, type ValidationError } from '../../errors/domain-error.js';
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '../../users/user.js';

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is not checkable here.
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const EMAIL = new RegExp(EMAIL_PATTERN);
/** Letters and digits of any script, `_`, `.` and `-` (a Unicode pattern: compile it with `u`). */
export const USERNAME_PATTERN = '^[\\p{L}\\p{N}_.-]+$';
const USERNAME = new RegExp(USERNAME_PATTERN, 'u');

export const emailProblem = (email: string): FieldProblem | null =>
  EMAIL.test(email) && email.length <= 254
    ? null
    : { field: 'email', message: 'Please provide a valid email' };

export const usernameProblem = (username: string): FieldProblem | null => {
  if (username.length < USERNAME_MIN_LENGTH) {
    return { field: 'username', message: `Username must be at least ${USERNAME_MIN_LENGTH} characters` };
  }
  if (username.length > 50 || !USERNAME.test(username)) {
    return {
      field: 'username',
      message: 'Username may hold at most 50 letters, digits, dots, dashes and underscores',
    };
  }
  return null;
};

export const passwordProblem = (password: string, field = 'password'): FieldProblem | null =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= 1024
    ? null
    : { field, message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` };

export const validationError = (problems: readonly (FieldProblem | null)[]): ValidationError | null => {
  const details = problems.filter((problem): problem is FieldProblem => problem !== null);
  const first = details[0];
  return first ? domainError('VALIDATION_ERROR', first.message, { details }) : null;
};
