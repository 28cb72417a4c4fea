import { describe, expect, it } from 'vitest';
import { SETUP_MESSAGES } from '@plataforma/shared';
import { ApiError } from '../../../lib/api-client';
import {
  fieldSelector,
  firstErrorField,
  serverSetupErrors,
  setupFormErrors,
  type SetupFormValues,
} from './setup-form';

const VALUES: SetupFormValues = {
  name: 'Lucía',
  surname: '',
  email: 'lucia@uni.es',
  password: 'Tortuga saltarina en el río',
  passwordConfirmation: 'Tortuga saltarina en el río',
  projectName: 'Impacto Campus',
  // Keys are not positions: a row keeps its key when an earlier one is removed.
  universities: [
    { key: 4, name: 'Universidad de Murcia' },
    { key: 9, name: 'universidad de murcia' },
  ],
  mainColor: '#1226AA',
  secondaryColor: '#4A5FD9',
  mailTo: '',
};

describe('the setup form’s errors', () => {
  it('a university’s problem is kept by its row’s key, not its position', () => {
    expect(setupFormErrors(VALUES)).toEqual({
      'universities.9': SETUP_MESSAGES.universityRepeated,
    });
  });

  it('the server’s 400 lands on the same fields; anything else is no field error', () => {
    const refused = new ApiError(400, 'Hay 2 datos que revisar.', 'ValidationError', {
      errors: [
        { path: ['email'], message: SETUP_MESSAGES.emailTaken },
        { path: ['universities', '1'], message: SETUP_MESSAGES.universityRepeated },
      ],
    });
    expect(serverSetupErrors(refused, VALUES)).toEqual({
      email: SETUP_MESSAGES.emailTaken,
      'universities.9': SETUP_MESSAGES.universityRepeated,
    });
    expect(serverSetupErrors(new ApiError(403, 'No', 'ForbiddenError'), VALUES)).toEqual({});
  });

  it('the first wrong field is found in the order of the form, and its input by name or row', () => {
    expect(firstErrorField({ mailTo: 'x', 'universities.9': 'y', projectName: 'z' }, VALUES)).toBe(
      'projectName',
    );
    expect(firstErrorField({ mailTo: 'x', 'universities.9': 'y' }, VALUES)).toBe('universities.9');
    expect(firstErrorField({ token: 'x' }, VALUES)).toBeUndefined();
    expect(fieldSelector('email')).toBe('[name="email"]');
    expect(fieldSelector('universities.9')).toBe('input[data-university="9"]');
    expect(fieldSelector('universities')).toBe('input[data-university]');
  });
});
