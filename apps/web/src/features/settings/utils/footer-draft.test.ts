import { describe, expect, it } from 'vitest';
import {
  FOOTER_LIMITS,
  IMAGE_MISSING_MESSAGE,
  emptyImage,
  emptyLanguage,
  emptyLink,
  footerPath,
  validateFooterDraft,
  type FooterColumnDraft,
  type FooterSectionDraft,
} from './footer-draft';

const at = (...rest: (string | number)[]) => footerPath(0, 'rows', 0, 'columns', 1, ...rest);
/** One section of one row: an empty first column and `column` second. */
const footer = (column: Partial<FooterColumnDraft>): FooterSectionDraft[] => [
  {
    key: 's',
    rows: [
      {
        key: 'r',
        columns: [
          { key: 'c0', images: [], links: [], languages: [] },
          { key: 'c1', images: [], links: [], languages: [], ...column },
        ],
      },
    ],
  },
];

describe('validateFooterDraft (spec §5 messages, at the stored footer’s paths)', () => {
  it('a complete footer has no errors', () => {
    expect(
      validateFooterDraft(
        footer({
          links: [{ ...emptyLink(), text: 'Contacto', url: 'mailto:info@example.org' }],
          languages: [{ ...emptyLanguage(), value: 'es', label: 'Español' }],
          images: [
            {
              ...emptyImage(),
              sourceId: 3,
              alternativeText: 'Logotipo',
              width: ' 120 ',
              height: '',
            },
          ],
        }),
      ),
    ).toEqual({});
  });

  it('a link needs a text and an address of the footer’s kinds', () => {
    expect(
      validateFooterDraft(
        footer({ links: [emptyLink(), { ...emptyLink(), text: 'Web', url: 'www.example.org' }] }),
      ),
    ).toEqual({
      [at('links', 0, 'text')]: 'Este campo es obligatorio.',
      [at('links', 0, 'url')]: 'Este campo es obligatorio.',
      [at('links', 1, 'url')]: 'Formato no válido.',
    });
  });

  it('names the language options and the image’s file as the API does', () => {
    expect(
      validateFooterDraft(
        footer({
          languages: [emptyLanguage()],
          images: [
            { ...emptyImage(), width: 'ancho', height: String(FOOTER_LIMITS.imageSize + 1) },
          ],
        }),
      ),
    ).toEqual({
      [at('languageSelector', 0, 'value')]: 'Este campo es obligatorio.',
      [at('languageSelector', 0, 'label')]: 'Este campo es obligatorio.',
      [at('images', 0, 'source')]: IMAGE_MISSING_MESSAGE,
      [at('images', 0, 'alternativeText')]: 'Este campo es obligatorio.',
      [at('images', 0, 'width')]: 'Formato no válido.',
      [at('images', 0, 'height')]: 'Formato no válido.',
    });
  });

  it('holds the texts to the API’s lengths', () => {
    const text = 'x'.repeat(FOOTER_LIMITS.text + 1);
    expect(validateFooterDraft(footer({ links: [{ ...emptyLink(), text, url: '/' }] }))).toEqual({
      [at('links', 0, 'text')]: 'Longitud máxima alcanzada.',
    });
  });
});
