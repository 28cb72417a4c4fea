import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PUBLIC_PAGE_HEADS, pageTitle } from '@plataforma/shared';
import { useBranding } from '../../features/branding/hooks/use-branding';

/**
 * The tab's title (ADR 0056; WCAG 2.4.2): the page's own, then the brand's name. Public pages take
 * theirs from the table the server also writes into the HTML it sends (packages/shared
 * page-heads.ts); a detail page names what it shows (`usePageTitle`). Search engines that run
 * the page read this title too, so it must say what the server said.
 */
const PageTitleContext = createContext<(title: { path: string; title: string } | null) => void>(
  () => {},
);

export function PageTitle({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { projectName } = useBranding();
  const [detail, setDetail] = useState<{ path: string; title: string } | null>(null);
  const own = detail?.path === pathname ? detail.title : PUBLIC_PAGE_HEADS[pathname]?.title;
  useEffect(() => {
    document.title = pageTitle(projectName, own);
  }, [projectName, own]);
  return <PageTitleContext value={setDetail}>{children}</PageTitleContext>;
}

/** Names the page after what it shows (a project, a work, a resource) once it is known. */
export function usePageTitle(title: string | null | undefined): void {
  const setDetail = useContext(PageTitleContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return undefined;
    setDetail({ path: pathname, title });
    return () => setDetail(null);
  }, [setDetail, pathname, title]);
}
