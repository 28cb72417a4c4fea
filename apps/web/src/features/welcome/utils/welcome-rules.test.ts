import { describe, expect, it } from 'vitest';
import {
  isWelcomeBlockedOn,
  pickWelcome,
  welcomeKindFor,
  type WelcomeSubject,
} from './welcome-rules';

const student = (overrides: Partial<WelcomeSubject> = {}): WelcomeSubject => ({
  userId: 5,
  profileType: 'student',
  province: 'Murcia',
  phone: '+34 600 000 000',
  hasOrganization: false,
  teacherArea: null,
  ...overrides,
});

describe('welcomeKindFor', () => {
  it('a student with province and phone gets no welcome', () => {
    expect(welcomeKindFor(student())).toBeNull();
  });

  it('a student without province, without phone or with a blank one gets the student welcome', () => {
    expect(welcomeKindFor(student({ province: null }))).toBe('student');
    expect(welcomeKindFor(student({ phone: null }))).toBe('student');
    expect(welcomeKindFor(student({ phone: '  ' }))).toBe('student');
  });

  it('a coordinator without organisation gets the coordinator welcome, with one none', () => {
    const coordinator = student({ profileType: 'coordinator', province: null, phone: null });
    expect(welcomeKindFor(coordinator)).toBe('coordinator');
    expect(welcomeKindFor({ ...coordinator, hasOrganization: true })).toBeNull();
  });

  it('a teacher without teacher_area (what their menu needs, spec §2) gets the teacher welcome', () => {
    const teacher = student({ profileType: 'teacher', province: null, phone: null });
    expect(welcomeKindFor(teacher)).toBe('teacher');
    expect(welcomeKindFor({ ...teacher, teacherArea: '  ' })).toBe('teacher');
    expect(welcomeKindFor({ ...teacher, teacherArea: 'Humanidades' })).toBeNull();
  });

  it('admins and users without a profile type never get one, even with data missing', () => {
    for (const profileType of ['admin', null] as const) {
      expect(welcomeKindFor(student({ profileType, province: null, phone: null }))).toBeNull();
    }
  });
});

describe('isWelcomeBlockedOn', () => {
  it('blocks the authentication screens', () => {
    for (const path of [
      '/user/auth/login',
      '/user/auth/enlace',
      '/register',
      '/reset-password',
      '/forgot-password',
    ]) {
      expect(isWelcomeBlockedOn(path, 'student'), path).toBe(true);
    }
  });

  it('blocks the page the welcome leads to, and nothing else', () => {
    expect(isWelcomeBlockedOn('/profile/completar', 'student')).toBe(true);
    expect(isWelcomeBlockedOn('/organizations/create', 'coordinator')).toBe(true);
    expect(isWelcomeBlockedOn('/profile/completar', 'teacher')).toBe(true);
    expect(isWelcomeBlockedOn('/profile', 'coordinator')).toBe(false);
    expect(isWelcomeBlockedOn('/', 'student')).toBe(false);
    expect(isWelcomeBlockedOn('/registered', 'student')).toBe(false);
  });
});

describe('pickWelcome', () => {
  const base = {
    subject: student({ phone: null }),
    pathname: '/projects',
    isRegistrationPending: false,
    wasShownThisSession: false,
  };

  it('on the first page of a session with data missing, opens the welcome', () => {
    expect(pickWelcome(base)).toBe('student');
  });

  it('once shown in this browser session, does not open it again', () => {
    expect(pickWelcome({ ...base, wasShownThisSession: true })).toBeNull();
  });

  it('right after registration, opens it even if one was shown this session', () => {
    expect(pickWelcome({ ...base, wasShownThisSession: true, isRegistrationPending: true })).toBe(
      'student',
    );
  });

  it('after registration but with complete data, opens nothing', () => {
    expect(pickWelcome({ ...base, subject: student(), isRegistrationPending: true })).toBeNull();
  });

  it('on an authentication screen, waits', () => {
    expect(
      pickWelcome({ ...base, pathname: '/user/auth/login', isRegistrationPending: true }),
    ).toBeNull();
  });
});
