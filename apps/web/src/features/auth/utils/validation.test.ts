import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { SelfServiceProfileType } from '../api/register';
import { checkForm } from '../../../forms/kit/field-errors';
import {
  CONNECTION_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  UNCONFIRMED_EMAIL_MESSAGE,
  fieldErrorsFrom,
  loginErrorMessage,
} from './auth-errors';
import { emailFormSchema, registerFormSchema, resetPasswordFormSchema } from './validation';

const REGISTRATION = {
  profileType: 'student' as SelfServiceProfileType | '',
  name: 'Ana',
  surname: 'Gil',
  email: 'ana@example.org',
  phone: '',
  password: 'una frase larga',
  passwordConfirmation: 'una frase larga',
  privacyAccepted: true,
};
const registrationErrors = (changes: Partial<typeof REGISTRATION>) =>
  checkForm(registerFormSchema, { ...REGISTRATION, ...changes }).errors;

describe('the phone of a registration (a phone the platform stores, E.164)', () => {
  it.each(['', '+34600112233', '600112233', '+442079460958', '+1 (213) 373.4253'])(
    'accepts %j',
    (phone) => expect(registrationErrors({ phone }).phone).toBeUndefined(),
  );

  it.each(['abc', '+346001', '+34 6001122334455667', '600 11 22 33 ext 4', '++34 600'])(
    'refuses %j with "Formato no válido."',
    (phone) => expect(registrationErrors({ phone }).phone).toBe('Formato no válido.'),
  );
});

describe('a new password (ADR 0008 bounds)', () => {
  const passwordError = (password: string) =>
    checkForm(resetPasswordFormSchema, { password, passwordConfirmation: password }).errors
      .password;

  it('counts characters, not UTF-16 units, as the API does', () => {
    // 11 emoji are 22 UTF-16 units but 11 characters: too short.
    expect(passwordError('😀'.repeat(11))).toBe('La contraseña debe tener al menos 12 caracteres.');
    expect(passwordError('😀'.repeat(12))).toBeUndefined();
    expect(passwordError('a'.repeat(257))).toBe(
      'La contraseña no puede tener más de 256 caracteres.',
    );
    expect(passwordError('')).toBe('Este campo es obligatorio.');
  });

  it('says the repetition differs even while other fields are wrong, and asks for it when empty', () => {
    expect(registrationErrors({ name: '', passwordConfirmation: 'otra frase larga' })).toEqual({
      name: 'Este campo es obligatorio.',
      passwordConfirmation: 'Las contraseñas no coinciden.',
    });
    expect(registrationErrors({ passwordConfirmation: '' }).passwordConfirmation).toBe(
      'Este campo es obligatorio.',
    );
  });
});

describe('the rest of a registration', () => {
  it('asks for the profile type, the names and the consent in the spec §5 words', () => {
    expect(
      registrationErrors({ profileType: '', name: '  ', surname: '', privacyAccepted: false }),
    ).toEqual({
      profileType: 'Este campo es obligatorio.',
      name: 'Este campo es obligatorio.',
      surname: 'Este campo es obligatorio.',
      privacyAccepted: 'Aceptar este campo es obligatorio.',
    });
    expect(registrationErrors({ name: 'a'.repeat(101) }).name).toBe('Longitud máxima alcanzada.');
  });

  it('sends trimmed names and email, and no phone when none was given', () => {
    const checked = checkForm(registerFormSchema, {
      ...REGISTRATION,
      name: ' Ana ',
      email: ' ana@example.org ',
    });
    expect(checked.ok && checked.data).toMatchObject({
      name: 'Ana',
      email: 'ana@example.org',
      phone: null,
    });
  });
});

describe('an email', () => {
  it.each([
    ['', 'Este campo es obligatorio.'],
    ['ana', 'Formato no válido.'],
    ['ana@example', 'Formato no válido.'],
    ['ana @example.org', 'Formato no válido.'],
    [' ana@example.org ', undefined],
  ])('%j gives %j', (email, expected) =>
    expect(checkForm(emailFormSchema, { email }).errors.email).toBe(expected),
  );
});

describe('loginErrorMessage (spec §8)', () => {
  it('says "Es necesario que verifiques tu email" only for the unconfirmed-account code, whatever the text', () => {
    expect(
      loginErrorMessage(
        new ApiError(400, 'Any wording', 'ValidationError', { code: 'email_not_confirmed' }),
      ),
    ).toBe(UNCONFIRMED_EMAIL_MESSAGE);
    // The text alone, without its code, is not matched.
    expect(
      loginErrorMessage(
        new ApiError(400, 'Your account email is not confirmed', 'ValidationError'),
      ),
    ).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(
      loginErrorMessage(
        new ApiError(400, 'Invalid identifier or password', 'ValidationError', {
          code: 'invalid_credentials',
        }),
      ),
    ).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(loginErrorMessage(new Error('boom'))).toBe(INVALID_CREDENTIALS_MESSAGE);
  });

  it('when no answer came, it says the server could not be reached', () => {
    expect(loginErrorMessage(new ApiError(0, 'offline', 'NetworkError'))).toBe(CONNECTION_MESSAGE);
  });
});

describe('fieldErrorsFrom', () => {
  it('keys errors by the last path segment, keeps the first per field and ignores unknown fields', () => {
    const error = new ApiError(400, '3 errors occurred', 'ValidationError', {
      errors: [
        { path: ['data', 'email'], message: 'email must be a valid email address' },
        { path: ['email'], message: 'Email is already taken', code: 'email_taken' },
        { path: ['name'], message: 'name must be defined', code: 'required' },
        { path: ['role'], message: 'Invalid key role', code: 'unknown_key' },
      ],
    });
    expect(fieldErrorsFrom(error, ['email', 'name'] as const)).toEqual({
      email: 'Formato no válido.',
      name: 'Este campo es obligatorio.',
    });
  });

  it('says each field refusal by its code, and shows the Spanish password rules as they come', () => {
    const rule = 'Esta contraseña es demasiado común o fácil de adivinar. Elige otra.';
    const error = new ApiError(400, '3 errors occurred', 'ValidationError', {
      errors: [
        { path: ['email'], message: 'Whatever it says', code: 'email_taken' },
        { path: ['password'], message: rule, code: 'password_rule' },
        { path: ['username'], message: 'Username already taken', code: 'username_taken' },
        // A Spanish-looking text without its code is not shown as it is.
        { path: ['currentPassword'], message: 'La contraseña vieja' },
      ],
    });
    expect(
      fieldErrorsFrom(error, ['email', 'password', 'username', 'currentPassword'] as const),
    ).toEqual({
      email: EMAIL_TAKEN_MESSAGE,
      password: rule,
      username: 'Ese nombre de usuario ya está en uso.',
      currentPassword: 'Formato no válido.',
    });
  });
});
