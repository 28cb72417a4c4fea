import { useState } from 'react';
import { useCurrentBanners } from '../api/get-current-banners';
import { useNow } from '../hooks/use-now';
import type { Banner, BannerAudience } from '../types';
import { visibleBanners } from '../utils/banner-visibility';
import { isBannerClosed, rememberBannerClosed } from '../utils/closed-banners';
import { CampaignBanner } from './campaign-banner';

interface CampaignBannersProps {
  pathname: string;
  /** Null while the session is being read: only banners for everyone show then. */
  audience: BannerAudience | null;
  /** Where keyboard focus goes when the banner holding it is closed (the main content). */
  focusTargetId: string;
}

/**
 * The campaign banners of the current page and audience (spec §2 Banners), evaluated against the
 * clock. A banner closed here stays closed for the browser session (ADR 0015).
 */
export function CampaignBanners({ pathname, audience, focusTargetId }: CampaignBannersProps) {
  const { data: banners = [] } = useCurrentBanners();
  const now = useNow();
  // Closed on this page; closed on an earlier page of the session come from sessionStorage.
  const [closedHere, setClosedHere] = useState<ReadonlySet<number>>(() => new Set());

  const candidates = visibleBanners(banners, { now, pathname, audience });
  const isShown = (banner: Banner) => !closedHere.has(banner.id) && !isBannerClosed(banner);
  // Banners closed before this page was shown are not rendered at all (no fade to run).
  const rendered = candidates.filter((b) => isShown(b) || closedHere.has(b.id));
  if (rendered.length === 0) return null;

  const close = (banner: Banner) => {
    rememberBannerClosed(banner);
    setClosedHere((previous) => new Set(previous).add(banner.id));
  };

  return (
    <>
      {rendered.map((banner) => (
        <CampaignBanner
          key={banner.id}
          banner={banner}
          show={isShown(banner)}
          onClose={() => close(banner)}
          focusTargetId={focusTargetId}
        />
      ))}
    </>
  );
}
