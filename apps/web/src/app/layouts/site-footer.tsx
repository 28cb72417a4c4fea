import { useBranding } from '../../features/branding/hooks/use-branding';
import { ScrollToTopButton } from '../../features/footer/components/scroll-to-top-button';
import { SiteFooterContent } from '../../features/footer/components/site-footer-content';

/**
 * The page footer (spec §2 Other): the fetched footer sections with the branding's privacy policy
 * and contact, and the scroll-to-top button.
 */
export function SiteFooter() {
  const { projectName, politicsUrl, mailTo } = useBranding();
  return (
    <>
      <SiteFooterContent projectName={projectName} politicsUrl={politicsUrl} mailTo={mailTo} />
      <ScrollToTopButton focusTargetId="contenido" />
    </>
  );
}
