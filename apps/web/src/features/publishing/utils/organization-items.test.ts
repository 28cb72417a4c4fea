import { describe, expect, it } from 'vitest';
import { HTTP_URL_PATTERN, PROFILE_PHONE_PATTERN } from '@plataforma/shared';
import {
  buildOrganizationItems,
  toOrganizationPayload,
  toOrganizationUpdate,
  toOrganizationValues,
} from './organization-items';

describe('toOrganizationPayload', () => {
  it('writes the answers as the organisation, "Otra" as its text and the logo as its file id', () => {
    expect(
      toOrganizationPayload({
        name: ' Fundación Mar ',
        type: 'Otra',
        type_other: 'Entidad religiosa',
        sector: 'Medio ambiente',
        size: '10-49 personas',
        description: 'Cuidamos la costa',
        location: 'Murcia',
        web: 'https://mar.example.org',
        linkedin: '',
        reachedUsHow: 'Linkedin',
        logo: { id: 12, name: 'logo.png', size: 3.2 },
        contact_name: 'Ana',
        contact_mail: 'ana@mar.example.org',
        contact_phone: '+34 600000000',
      }),
    ).toEqual({
      name: 'Fundación Mar',
      type: 'Entidad religiosa',
      sector: 'Medio ambiente',
      size: '10-49 personas',
      description: 'Cuidamos la costa',
      location: 'Murcia',
      web: 'https://mar.example.org',
      reachedUsHow: 'Linkedin',
      logo: 12,
      contact_name: 'Ana',
      contact_mail: 'ana@mar.example.org',
      contact_phone: '+34 600000000',
    });
  });
});

describe('buildOrganizationItems', () => {
  it('asks how they found us from the spec §9 list, and the private contact last', () => {
    const items = buildOrganizationItems();
    const reached = items.find((item) => item.value === 'reachedUsHow');
    expect(reached?.options).toContain('Una charla en mi universidad');
    expect(items.filter((item) => item.step === 3).map((item) => item.value)).toEqual([
      'contact_intro',
      'contact_name',
      'contact_mail',
      'contact_phone',
    ]);
  });

  it("accepts only http(s) addresses and the API's phone format", () => {
    expect(HTTP_URL_PATTERN.test('https://x.org')).toBe(true);
    expect(HTTP_URL_PATTERN.test('x.org')).toBe(false);
    expect(PROFILE_PHONE_PATTERN.test('+34 600 000 000')).toBe(true);
    expect(PROFILE_PHONE_PATTERN.test('llámame')).toBe(false);
  });
});

describe('editing an organisation', () => {
  const stored = {
    name: 'Fundación Mar',
    type: 'Entidad religiosa',
    sector: 'Medio ambiente',
    size: '10-49 personas',
    description: 'Cuidamos la costa',
    location: 'Murcia',
    web: 'https://mar.example.org',
    linkedin: null,
    reachedUsHow: 'Linkedin',
    logo: {
      data: { id: 12, attributes: { name: 'logo.png', size: 3.2, url: '/uploads/logo.png' } },
    },
    contact_name: 'Ana',
    contact_mail: 'ana@mar.example.org',
    contact_phone: '+34 600000000',
  };

  it('fills the form with the stored answers; a text outside the options comes back under "Otra"', () => {
    expect(toOrganizationValues(stored)).toEqual({
      name: 'Fundación Mar',
      type: 'Otra',
      type_other: 'Entidad religiosa',
      sector: 'Medio ambiente',
      size: '10-49 personas',
      description: 'Cuidamos la costa',
      location: 'Murcia',
      web: 'https://mar.example.org',
      linkedin: undefined,
      logo: { id: 12, name: 'logo.png', size: 3.2, url: '/uploads/logo.png' },
      reachedUsHow: 'Linkedin',
      contact_name: 'Ana',
      contact_mail: 'ana@mar.example.org',
      contact_phone: '+34 600000000',
    });
  });

  it('saving the unchanged form writes the organisation back as it was', () => {
    const { logo: _logo, ...rest } = stored;
    expect(toOrganizationUpdate(toOrganizationValues(stored))).toEqual({ ...rest, logo: 12 });
  });

  it('an emptied optional answer (web, logo) is sent as null, so it is cleared', () => {
    const values = { ...toOrganizationValues(stored), web: '', logo: null };
    expect(toOrganizationUpdate(values)).toMatchObject({ web: null, logo: null, linkedin: null });
  });
});
