import type { QueryClient } from '@tanstack/react-query';
import type { DeleteTarget } from '../types';

/**
 * The root of every query of the admins' catalogue screen (ADR 0047): a write refreshes every
 * list and entry it shows, and the catalogue comboboxes of the other forms (a student's profile,
 * the apply form), whose option pages are cached under the form engine's keys.
 */
export const CATALOGUE_ROOT = 'catalogue';

/** The form engine's option pages and labels (forms/fields/options/use-async-options.ts). */
const FORM_OPTION_ROOTS = ['form-options', 'form-option-labels'];

/** After a catalogue write: everything that shows the catalogue is read again when next shown. */
export function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [CATALOGUE_ROOT, ...FORM_OPTION_ROOTS].map((root) =>
      queryClient.invalidateQueries({ queryKey: [root] }),
    ),
  ).then(() => undefined);
}

/** The API's name of each kind of entry the screen writes. */
export const CATALOGUE_PLURALS: Record<DeleteTarget['kind'], string> = {
  campus: 'campuses',
  degree: 'degrees',
  call: 'calls',
};
