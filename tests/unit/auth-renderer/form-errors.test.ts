import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../../../server/contracts/messages';
import {
  serverFieldErrors,
  validateFields,
  ZImpersonationForm,
  ZLogInForm,
  ZNewPasswordForm,
  ZSignUpForm,
} from '../../../renderer/features/auth/form-errors';
import { AuthRequestError } from '../../../renderer/auth/api';

describe('sign-up form (spec §5 messages)', () => {
  it('answers one spec message per bad field', () => {
    expect(validateFields(ZSignUpForm, { name: '  ', email: 'not-an-email', password: 'abc' })).toEqual({
      name: M.required,
      email: M.email,
      password: M.minLength(4),
    });
  });
  it('accepts good values', () => {
    expect(validateFields(ZSignUpForm, { name: 'Dana Demo', email: 'dana@example.com', password: 'abcd' })).toEqual({});
  });
  it('limits the name and e-mail', () => {
    expect(validateFields(ZSignUpForm, { name: 'D', email: `${'a'.repeat(45)}@b.com`, password: 'abcd' })).toEqual({
      name: M.minLength(2),
      email: M.maxLength(50),
    });
  });
});

describe('other forms', () => {
  it('log-in needs an e-mail and a password', () => {
    expect(validateFields(ZLogInForm, { email: '', password: '' })).toEqual({
      email: M.required,
      password: M.required,
    });
  });
  it('the new password must be repeated exactly', () => {
    expect(validateFields(ZNewPasswordForm, { password: 'abcd', repeat: 'abce' })).toEqual({ repeat: M.sameAs });
    expect(validateFields(ZNewPasswordForm, { password: 'abcd', repeat: 'abcd' })).toEqual({});
  });
  it('an impersonation reason has at least 5 characters', () => {
    expect(validateFields(ZImpersonationForm, { reason: ' ' })).toEqual({ reason: M.required });
    expect(validateFields(ZImpersonationForm, { reason: 'abcd' })).toEqual({ reason: M.minLength(5) });
    expect(validateFields(ZImpersonationForm, { reason: 'ticket 42' })).toEqual({});
  });
});

describe('serverFieldErrors', () => {
  it('reads auth answers and tRPC error data', () => {
    expect(
      serverFieldErrors(new AuthRequestError({ status: 409, message: 'x', fieldErrors: { email: 'taken' } })),
    ).toEqual({
      email: 'taken',
    });
    expect(serverFieldErrors({ data: { fieldErrors: { password: 'The password is not right', n: 1 } } })).toEqual({
      password: 'The password is not right',
    });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
