import { useState, type CSSProperties } from 'react';
import { LEGAL_PAGES } from '@plataforma/shared';
import { Link } from 'react-router';
import { resolveMediaUrl } from '../../../lib/media-url';
import { useFooterSections } from '../api/get-footer-sections';
import type { FooterColumn, FooterImage, FooterSectionComponent } from '../types';
import {
  PRODUCT_LANGUAGE,
  effectiveLanguage,
  linksFor,
  readChosenLanguage,
  storeChosenLanguage,
} from '../utils/footer-language';
import { isSameAddress, linkTarget, mailtoOf } from '../utils/link-target';
import { FooterLink } from './footer-link';
import { LanguageSelector } from './language-selector';

interface SiteFooterContentProps {
  projectName: string;
  /** The branding's privacy policy (spec §3 Branding politicsUrl). */
  politicsUrl: string | null;
  /** The branding's contact address (spec §3 Branding mailTo). */
  mailTo: string | null;
}

/**
 * The footer built from the fetched sections (spec §2 Other, §3 Footer content): rows of columns
 * with images, links and the language selector, in the branding's footer colour. Under them the
 * legal texts (the privacy policy at the branding's politicsUrl when set, ADR 0035: the LSSI wants
 * them reachable from every page, whatever the footer content says) and the contact, each unless
 * the sections already link to it. A failed fetch is logged and leaves the sections out (spec §8).
 */
export function SiteFooterContent({ projectName, politicsUrl, mailTo }: SiteFooterContentProps) {
  const { data: sections = [] } = useFooterSections();
  const [chosen, setChosen] = useState(readChosenLanguage);
  const [year] = useState(() => new Date().getFullYear());

  const columns = sections.flatMap((s) => s.rows.flatMap((r) => r.columns));
  const options = columns.flatMap((c) => c.languageSelector ?? []);
  const language = effectiveLanguage(options, chosen);
  const urls = columns.flatMap((c) => c.links ?? []).flatMap((l) => (l.url ? [l.url] : []));
  const isLinked = (address: string) => urls.some((url) => isSameAddress(url, address));

  const legal = [
    { label: LEGAL_PAGES.privacy.label, address: politicsUrl ?? LEGAL_PAGES.privacy.path },
    { label: LEGAL_PAGES['legal-notice'].label, address: LEGAL_PAGES['legal-notice'].path },
    { label: LEGAL_PAGES.cookies.label, address: LEGAL_PAGES.cookies.path },
  ].flatMap(({ label, address }) => {
    const target = isLinked(address) ? null : linkTarget(address);
    return target ? [{ label, target }] : [];
  });
  const contact =
    mailTo && !isLinked(`mailto:${mailTo.trim()}`) ? linkTarget(mailtoOf(mailTo)) : null;
  const choose = (value: string) => {
    setChosen(value);
    storeChosenLanguage(value);
  };

  return (
    <footer className="bg-footer text-on-footer [--focus-ring:var(--color-on-footer)]">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        {sections.length > 0 ? (
          <nav aria-label="Pie de página" className="flex flex-col gap-10">
            {sections.map((section, s) => (
              <FooterSectionRows
                key={section.id ?? s}
                section={section}
                language={language}
                onLanguageChange={choose}
              />
            ))}
          </nav>
        ) : null}
        <div
          className={
            sections.length > 0
              ? 'mt-10 flex flex-col gap-3 border-t border-on-footer/20 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between'
              : 'flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between'
          }
        >
          <p>
            © {year} {projectName}
          </p>
          {legal.length > 0 || (contact && mailTo) ? (
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {legal.map(({ label, target }) => (
                <li key={label}>
                  <FooterLink target={target}>{label}</FooterLink>
                </li>
              ))}
              {contact && mailTo ? (
                <li>
                  Contacto: <FooterLink target={contact}>{mailTo.trim()}</FooterLink>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

function FooterSectionRows({
  section,
  language,
  onLanguageChange,
}: {
  section: FooterSectionComponent;
  language: string;
  onLanguageChange: (language: string) => void;
}) {
  return (
    <>
      {section.rows.map((row, r) => (
        <div
          key={row.id ?? r}
          // As many columns as the row has on wide screens; two on tablets; one on phones.
          style={{ '--columns': Math.max(row.columns.length, 1) } as CSSProperties}
          className="grid gap-8 border-on-footer/20 sm:grid-cols-2 lg:grid-cols-[repeat(var(--columns),minmax(0,1fr))] [&+&]:border-t [&+&]:pt-10"
        >
          {row.columns.map((column, c) => (
            <FooterColumnContent
              key={column.id ?? c}
              column={column}
              language={language}
              onLanguageChange={onLanguageChange}
            />
          ))}
        </div>
      ))}
    </>
  );
}

function FooterColumnContent({
  column,
  language,
  onLanguageChange,
}: {
  column: FooterColumn;
  language: string;
  onLanguageChange: (language: string) => void;
}) {
  const links = linksFor(column.links ?? [], language).flatMap((link) => {
    const target = linkTarget(link.url);
    const text = link.text?.trim() || link.title?.trim();
    return target && text ? [{ link, target, text }] : [];
  });
  const images = column.images ?? [];
  const selector = column.languageSelector ?? [];

  return (
    <div className="flex flex-col gap-4">
      {images.map((image, i) => (
        <FooterImageContent key={image.id ?? i} image={image} />
      ))}
      {links.length > 0 ? (
        <ul className="flex flex-col gap-2.5 text-sm">
          {links.map(({ link, target, text }, i) => (
            <li key={link.id ?? i}>
              <FooterLink
                target={target}
                title={link.title && link.title !== text ? link.title : undefined}
                lang={
                  link.language && link.language !== PRODUCT_LANGUAGE ? link.language : undefined
                }
              >
                {text}
              </FooterLink>
            </li>
          ))}
        </ul>
      ) : null}
      {selector.length > 0 ? (
        <LanguageSelector options={selector} value={language} onChange={onLanguageChange} />
      ) : null}
    </div>
  );
}

/** An image of a column; `isLink` makes it the link home (spec §3 Footer content). */
function FooterImageContent({ image }: { image: FooterImage }) {
  const src = resolveMediaUrl(image.source?.data?.attributes.url);
  if (!src) return null;
  const alt = image.alternativeText ?? image.source?.data?.attributes.alternativeText ?? '';
  const picture = (
    <img
      src={src}
      alt={image.isLink && alt === '' ? 'Inicio' : alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      // Below the fold on every page (the main area is a screen tall): fetched when near.
      loading="lazy"
      className="h-auto max-w-full"
    />
  );
  if (!image.isLink) return picture;
  return (
    <Link to="/" className="inline-block w-fit rounded-md">
      {picture}
    </Link>
  );
}
