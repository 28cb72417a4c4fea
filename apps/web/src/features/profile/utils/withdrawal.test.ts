import { APPLICATION_STATUSES } from '@plataforma/shared';
import { describe, expect, it } from 'vitest';
import { canWithdraw } from './withdrawal';

describe('canWithdraw', () => {
  it('allows withdrawing while the application is undecided, never once decided or withdrawn', () => {
    expect(APPLICATION_STATUSES.filter(canWithdraw)).toEqual([
      'Enviada',
      'En revisión',
      'Preseleccionado',
      'Suplente',
    ]);
  });
});
