import { useLocation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { CampaignBanners } from '../../features/banners/components/campaign-banners';
import type { BannerAudience } from '../../features/banners/types';

/**
 * Campaign banners under the header (spec §2 Banners) for the current path and audience: visitors
 * when signed out, the profile type when signed in; while the session loads, or for an account
 * without a profile type yet, only the banners meant for everyone.
 */
export function SiteBanners() {
  const { pathname } = useLocation();
  const { status, user } = useSession();
  const audience: BannerAudience | null =
    status === 'anonymous'
      ? 'visitor'
      : status === 'authenticated'
        ? (user?.profileType ?? null)
        : null;
  return <CampaignBanners pathname={pathname} audience={audience} focusTargetId="contenido" />;
}
