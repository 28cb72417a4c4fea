import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse } from '../../../../test/api';
import { DEFAULT_BRANDING } from '../defaults';
import { BRANDING_MEMORY_KEY } from '../utils/branding-memory';
import { getBranding } from './get-branding';

afterEach(() => localStorage.removeItem(BRANDING_MEMORY_KEY));

describe('getBranding', () => {
  it('a new installation without a branding (404) runs on the defaults instead of failing', async () => {
    fakeApi({
      frame: false,
      routes: {
        'GET /api/branding-saas': () =>
          jsonResponse(
            { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } },
            404,
          ),
      },
    });
    await expect(getBranding()).resolves.toEqual(DEFAULT_BRANDING);
  });

  it('any other failure still fails', async () => {
    fakeApi({
      frame: false,
      routes: {
        'GET /api/branding-saas': () =>
          jsonResponse(
            { data: null, error: { status: 500, name: 'InternalServerError', message: 'x' } },
            500,
          ),
      },
    });
    await expect(getBranding()).rejects.toMatchObject({ status: 500 });
  });
});
