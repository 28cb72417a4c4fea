import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until the app's toasts (components/ui/toast: the one live region where actions are
 * confirmed) say `text`, and answers the region.
 */
export async function expectToast(text: string | RegExp): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /^Confirmaciones/ });
  await waitFor(() =>
    typeof text === 'string'
      ? expect(region.textContent).toContain(text)
      : expect(region.textContent).toMatch(text),
  );
  return region;
}
