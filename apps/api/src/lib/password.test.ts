import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './password';

const owner = {
  email: 'lucia.martinez@um.es',
  username: 'lmartinez',
  name: 'Lucía',
  surname: 'Martínez',
};

describe('passwordProblem', () => {
  it.each([
    'correct horse battery staple',
    'Mi gato se llama Tomás 2019',
    'kT9#mQ2!vL7@',
    'Contraseña de prueba 2026',
    'Ñoño123456789',
  ])('when the password is %j, it is accepted', (password) => {
    expect(passwordProblem(password, owner)).toBeNull();
  });

  it.each([
    ['contraseña123456', 'the Spanish classic'],
    ['CONTRASENA123456', 'it in capitals without the ñ'],
    ['Contr4seña2024!', 'it in leetspeak'],
    ['P@ssw0rd2024!', 'password in leetspeak'],
    ['Password123456', 'password with digits'],
    ['Barcelona2024!', 'a football club and a year'],
    ['Teamo12345678', 'te amo and digits'],
    ['universidad2026', 'the university and a year'],
    ['123456789012', 'a digit run'],
    ['987654321098', 'a digit run backwards'],
    ['1q2w3e4r5t6y7u', 'an interleaved keyboard run'],
    ['Qwertyu2024!!', 'a keyboard row and a year'],
    ['abcdef123456', 'the alphabet and digits'],
    ['aaaaaaaaaaaa', 'one repeated character'],
    ['holaholahola12', 'a repeated word'],
  ])('when the password is %j (%s), it is refused as common', (password) => {
    expect(passwordProblem(password, owner)).toBe(
      'Esta contraseña es demasiado común o fácil de adivinar. Elige otra.',
    );
  });

  it.each([
    ['LuciaMartinez1990', 'name and surname'],
    ['lucia.martinez2024', 'the email’s local part'],
    ['LMARTINEZ!!2026', 'the username'],
  ])('when the password is %j (%s), it is refused as built on the owner', (password) => {
    expect(passwordProblem(password, owner)).toBe(
      'La contraseña no puede basarse en tu nombre, tu correo o tu nombre de usuario.',
    );
  });

  it('when the password has 11 characters, it is too short; 12 pass the length rule', () => {
    expect(passwordProblem('Xk8#pQ2!vL7')).toBe('La contraseña debe tener al menos 12 caracteres.');
    expect(passwordProblem('Xk8#pQ2!vL7@')).toBeNull();
  });

  it('when the length is counted, a character outside the BMP counts once', () => {
    expect(passwordProblem('🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢')).toMatch(/al menos 12/);
  });

  it('when the password has more than 256 characters, it is refused', () => {
    expect(passwordProblem('Xk8#pQ2!'.repeat(33))).toBe(
      'La contraseña no puede tener más de 256 caracteres.',
    );
  });
});

describe('hashPassword', () => {
  it('when a password is hashed, the hash is argon2id and only that password verifies', async () => {
    const hash = await hashPassword('Tortuga saltarina en el río');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Tortuga saltarina en el río')).toBe(true);
    expect(await verifyPassword(hash, 'tortuga saltarina en el río')).toBe(false);
    expect(await verifyPassword('no es un hash', 'x')).toBe(false);
  });
});
