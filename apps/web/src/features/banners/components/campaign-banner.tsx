import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Banner } from '../types';

interface CampaignBannerProps {
  banner: Banner;
  /** False fades the banner out (spec §9: 500 ms) and then removes it. */
  show: boolean;
  onClose: () => void;
  /** Where keyboard focus goes when the banner holding it is gone (the main content). */
  focusTargetId: string;
}

/**
 * One campaign banner under the header (spec §2 Banners): its title, message and link, and a
 * close button. Closing fades it out over 500 ms (spec §9), then removes it; with reduced motion
 * it goes at once. The fade is CSS alone, timed by the element's own transition, so the entry
 * carries no transition library (ADR 0062).
 */
export function CampaignBanner({ banner, show, onClose, focusTargetId }: CampaignBannerProps) {
  const ref = useRef<HTMLElement>(null);
  // The close button held the focus and is about to go: keep the keyboard user in the page.
  const keepFocus = () => {
    const active = document.activeElement;
    if (active === null || active === document.body || ref.current?.contains(active)) {
      document.getElementById(focusTargetId)?.focus();
    }
  };
  const [isGone, setIsGone] = useState(false);
  const finishClosing = useEffectEvent(() => {
    keepFocus();
    setIsGone(true);
  });
  useEffect(() => {
    if (show) return;
    const element = ref.current;
    // `transition-duration` reads "0.5s", or "0s" under `motion-reduce:transition-none`.
    const fade = element ? parseFloat(getComputedStyle(element).transitionDuration) * 1000 : 0;
    const timer = setTimeout(finishClosing, Number.isFinite(fade) ? fade : 0);
    return () => clearTimeout(timer);
  }, [show]);
  if (isGone) return null;
  return (
    <aside
      ref={ref}
      data-closed={show ? undefined : ''}
      aria-label={`Aviso: ${banner.title}`}
      data-banner-id={banner.id}
      className="bg-secondary text-on-secondary transition-opacity duration-500 ease-out [--focus-ring:var(--color-on-secondary)] data-closed:opacity-0 motion-reduce:transition-none"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6">
        <MegaphoneIcon />
        <div className="min-w-0 flex-1 text-sm leading-6 sm:text-base">
          <p className="font-bold">{banner.title}</p>
          <p>{banner.message}</p>
          {banner.link ? <BannerLink url={banner.link.url} label={banner.link.label} /> : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Cerrar aviso"
          title="Cerrar aviso"
          className="-m-1 grid size-11 shrink-0 place-items-center rounded-lg hover:bg-on-secondary/15"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            className="size-5"
          >
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
    </aside>
  );
}

const LINK_CLASSES =
  'mt-1 inline-flex items-center gap-1 font-semibold underline decoration-2 underline-offset-4 hover:decoration-4';

/** Paths on this site go through the router; http(s) addresses open in a new tab, safely. */
function BannerLink({ url, label }: { url: string; label: string }) {
  if (/^\/(?!\/)/.test(url)) {
    return (
      <Link to={url} className={LINK_CLASSES}>
        {label}
        <span aria-hidden="true">→</span>
      </Link>
    );
  }
  if (!/^https?:\/\//i.test(url)) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={LINK_CLASSES}>
      {label}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
      <span aria-hidden="true">↗</span>
    </a>
  );
}

function MegaphoneIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-1 hidden size-6 shrink-0 sm:mt-0 sm:block"
    >
      <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1Zm12-2.5a4 4 0 0 1 0 7M18 6a8 8 0 0 1 0 12" />
    </svg>
  );
}
