import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The part of the header that only shows when the bar does not fit: the side menu's button. */
const FALLBACK_ATTRIBUTE = 'data-header-fallback';

/** Space between the logo and the project name (the home link's `gap-3`). */
const NAME_GAP = 12;

export interface HeaderFit {
  /** The desktop bar, call to action and profile menu fit: else the side menu takes their place. */
  barFits: boolean;
  /** The project name is shown beside the logo mark: else it is only read out, to make room. */
  showName: boolean;
}

const FITS_ALL: HeaderFit = { barFits: true, showName: true };

/**
 * How the header's desktop part (menu bar, call to action, bell, profile menu) fits in `row`, the
 * flexible part of the header beside the logo. Its width depends on the role's menu, the brand's
 * font, logo and name, none of them known in advance (the admin's bar alone is some 800 px): the
 * project name beside the logo mark gives way first (it is still the link's text for screen
 * readers), then the bar gives way to the side menu, as below the `lg` breakpoint, instead of
 * running over the logo or squeezing the name.
 *
 * The desktop parts keep their natural width while hidden (invisible and out of the flow), so they
 * are measured again when the window, the font or the menu changes; the name's width is the one
 * it had when last shown. Without layout (tests in jsdom, no ResizeObserver) everything fits.
 */
export function useHeaderFit(
  row: RefObject<HTMLElement | null>,
  name: RefObject<HTMLElement | null>,
): HeaderFit {
  const [fit, setFit] = useState<HeaderFit>(FITS_ALL);
  const current = useRef(fit);
  const nameWidth = useRef(0);

  useLayoutEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const shownName = name.current?.getBoundingClientRect().width ?? 0;
      // A name hidden by other rules (a full logo, a phone) is a 1 px screen-reader text.
      if (current.current.showName) nameWidth.current = shownName > 1 ? shownName + NAME_GAP : 0;
      const next = decide(element, current.current.showName, nameWidth.current);
      if (next.barFits !== current.current.barFits || next.showName !== current.current.showName) {
        current.current = next;
        setFit(next);
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    const watch = () => {
      observer.observe(element);
      if (name.current) observer.observe(name.current);
      for (const child of element.children) observer.observe(child);
    };
    watch();
    // The parts come and go (the session loads, the bell appears): watch the new ones too.
    const mutations = new MutationObserver(() => {
      watch();
      measure();
    });
    mutations.observe(element, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [row, name]);

  return fit;
}

/**
 * The row's parts (the fallback left out) and the gaps between them, against the room they have
 * with the name shown, then without it.
 */
function decide(row: HTMLElement, nameShown: boolean, nameWidth: number): HeaderFit {
  const gap = Number.parseFloat(getComputedStyle(row).columnGap) || 0;
  const widths = [...row.children]
    .filter((child) => !child.hasAttribute(FALLBACK_ATTRIBUTE))
    .map((child) => child.getBoundingClientRect().width)
    .filter((width) => width > 0);
  const needed = widths.reduce((sum, width) => sum + width, 0) + gap * (widths.length - 1);
  const withName = row.clientWidth - (nameShown ? 0 : nameWidth) + 0.5;
  if (needed <= withName) return FITS_ALL;
  if (needed <= withName + nameWidth) return { barFits: true, showName: false };
  // The side menu leaves room for the name.
  return { barFits: false, showName: true };
}
