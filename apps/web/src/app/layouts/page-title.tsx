import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PUBLIC_PAGE_HEADS, pageDescription, pageTitle } from '@plataforma/shared';
import { useBranding } from '../../features/branding/hooks/use-branding';

/**
 * The tab's title (ADR 0056; WCAG 2.4.2) and the page's description: the page's own title, then
 * the brand's name. Public pages take theirs from the table the server also writes into the HTML
 * it sends (packages/shared page-heads.ts); a detail page names what it shows and describes it by
 * its text (`usePageTitle`). Search engines that run the page read these too, so they must say
 * what the server said, also after people move to another page in the browser.
 */
interface Detail {
  path: string;
  title: string;
  text: string | null;
}

const PageTitleContext = createContext<(detail: Detail | null) => void>(() => {});

export function PageTitle({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { projectName } = useBranding();
  const [detail, setDetail] = useState<Detail | null>(null);
  const own = detail?.path === pathname ? detail : null;
  const title = own ? own.title : PUBLIC_PAGE_HEADS[pathname]?.title;
  const description = pageDescription(pathname, own?.text);
  useEffect(() => {
    document.title = pageTitle(projectName, title);
  }, [projectName, title]);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
  return <PageTitleContext value={setDetail}>{children}</PageTitleContext>;
}

/**
 * Names the page after what it shows (a project, a work, a resource) once it is known, and
 * describes it by an excerpt of `text` (its description, summary or introduction).
 */
export function usePageTitle(title: string | null | undefined, text?: string | null): void {
  const setDetail = useContext(PageTitleContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return undefined;
    setDetail({ path: pathname, title, text: text ?? null });
    return () => setDetail(null);
  }, [setDetail, pathname, title, text]);
}
