import { describe, expect, it } from 'vitest';
import { teacherDomainsSchema } from '../schemas/teacher-verification';
import { emailDomain, parseTeacherDomains, teacherPublishRefusal } from './teacher-verification';

describe('the teacher domains (ADR 0051)', () => {
  it('reads the admins’ field: one per line (or comma), normalised, each once, bad ones named as written', () => {
    expect(
      parseTeacherDomains('UM.es\n\n @upct.es , um.es\nana@um.es\nuniversidad\n-mal.es'),
    ).toEqual({ domains: ['um.es', 'upct.es'], invalid: ['ana@um.es', 'universidad', '-mal.es'] });
    expect(parseTeacherDomains('  \n')).toEqual({ domains: [], invalid: [] });
    expect(parseTeacherDomains('xn--espaa-rta.es\nalu.ucam.edu').domains).toEqual([
      'xn--espaa-rta.es',
      'alu.ucam.edu',
    ]);
  });

  it('stores what the API is sent lower case and once each, and refuses what is not a domain', () => {
    expect(teacherDomainsSchema.parse(['UM.es', '@um.es', 'upct.es'])).toEqual([
      'um.es',
      'upct.es',
    ]);
    for (const bad of [['um'], ['ana@um.es'], ['um..es'], [''], 'um.es', [3]]) {
      expect(teacherDomainsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes an address’s domain lower case, and says why only pending or rejected teachers may not publish', () => {
    expect(emailDomain('Ana.Gil@UM.es')).toBe('um.es');
    expect(emailDomain('sin-arroba')).toBe('');
    expect(teacherPublishRefusal('pending')).toMatch(/pendiente de verificación/);
    expect(teacherPublishRefusal('rejected')).toMatch(/no ha sido aprobada/);
    expect(teacherPublishRefusal('verified')).toBeNull();
    expect(teacherPublishRefusal(null)).toBeNull();
  });
});
