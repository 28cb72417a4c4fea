import { useEffect, useState } from 'react';

/** Spec §9: the button appears after 100 px of scroll. */
export const SCROLL_TO_TOP_THRESHOLD = 100;

interface ScrollToTopButtonProps {
  /** Element that takes the keyboard focus once at the top (the main content), as the button goes. */
  focusTargetId: string;
}

/**
 * "Volver arriba" (spec §2 Other, §9): a floating button once the page is scrolled more than
 * 100 px. It scrolls smoothly, or at once for people who prefer reduced motion.
 */
export function ScrollToTopButton({ focusTargetId }: ScrollToTopButtonProps) {
  const [isShown, setIsShown] = useState(false);

  useEffect(() => {
    const update = () => setIsShown(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const scrollToTop = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    // The button disappears at the top: the focus moves to the start of the content.
    document.getElementById(focusTargetId)?.focus({ preventScroll: true });
  };

  if (!isShown) return null;
  // Fades in from CSS alone (`starting:`, @starting-style), so the entry carries no transition
  // library (ADR 0062); at the top it goes at once.
  return (
    <button
      type="button"
      onClick={scrollToTop}
      aria-label="Volver arriba"
      title="Volver arriba"
      className="fixed right-4 bottom-4 z-30 grid size-12 place-items-center rounded-full bg-main text-on-main shadow-lg ring-2 ring-white transition-opacity duration-200 hover:bg-main/90 motion-reduce:transition-none starting:opacity-0 sm:right-6 sm:bottom-6"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-6"
      >
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </button>
  );
}
