import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type AriaRole,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';

/** Spec §9: the bubble sits 10 px from its trigger. */
export const TOOLTIP_OFFSET_PX = 10;
/** Spec §9: pointer movement is handled at most once every 50 ms. */
export const TOOLTIP_THROTTLE_MS = 50;

interface TooltipProps {
  /** The bubble's text: it is also the trigger's accessible description. */
  content: ReactNode;
  /** What the trigger shows. */
  children: ReactNode;
  /**
   * The trigger element: a `<button type="button">`, or a `<span tabIndex={0}>` where a button is
   * not allowed (inside a `<label>`, whose content may not hold another labelable element).
   */
  as?: 'span' | 'button';
  /** ARIA role of a span trigger, e.g. "term" for a glossary word. */
  triggerRole?: AriaRole;
  triggerClassName?: string;
  /** Classes of the bubble. */
  className?: string;
}

/** Where a bubble may live: a dialog, or a landmark of the page (see {@link Tooltip}). */
const PORTAL_ROOTS = '[role="dialog"], main, header, footer, nav, aside';

/**
 * A tooltip (WAI-ARIA APG "Tooltip" pattern, WCAG 1.4.13): it opens while the trigger is hovered or
 * focused; Escape dismisses it without moving focus; the pointer can move onto the bubble without
 * closing it; it stays until hover and focus leave. The bubble is always in the DOM (hidden while
 * closed) so `aria-describedby` resolves the moment the trigger gets focus.
 *
 * Hover is throttled (spec §9, 50 ms): pointer events only update a ref, and the open state is
 * committed at most once per window; opening commits at once (leading edge), closing at the end of
 * the window, so crossing from the trigger to the bubble or brushing past the trigger's edge does
 * not flicker. Touch pointers are ignored: a tap focuses the trigger, which opens it.
 *
 * The bubble is portalled (so it is not part of a surrounding label's text, which would become
 * the input's name) into the nearest dialog or page landmark (main, header, footer...: an open
 * bubble outside every landmark is content a screen reader's landmark navigation never reaches,
 * axe's "region"), else the body; placed with Floating UI (fixed) and flipped or shifted to stay
 * on screen.
 */
export function Tooltip({
  content,
  children,
  as = 'span',
  triggerRole,
  triggerClassName,
  className,
}: TooltipProps) {
  const tooltipId = useId();
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const [isDismissed, setIsDismissed] = useState(false);
  const [portalRoot, setPortalRoot] = useState<HTMLElement | null>(null);
  const isPointerInside = useRef(false);
  const throttleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isOpen = (isHovered || isFocused) && !isDismissed;

  const { refs, floatingStyles, placement } = useFloating({
    open: isOpen,
    placement: 'top',
    strategy: 'fixed',
    middleware: [offset(TOOLTIP_OFFSET_PX), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });

  const scheduleHoverCommit = useCallback(() => {
    // A commit is already due at the end of this window; it will read the latest pointer state.
    if (throttleTimer.current !== undefined) return;
    if (isPointerInside.current) setIsHovered(true);
    throttleTimer.current = setTimeout(() => {
      throttleTimer.current = undefined;
      setIsHovered(isPointerInside.current);
    }, TOOLTIP_THROTTLE_MS);
  }, []);

  useEffect(() => () => clearTimeout(throttleTimer.current), []);

  useEffect(() => {
    if (!isOpen) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsDismissed(true);
      // The Escape was for the tooltip: a surrounding dialog (listening on window) stays open.
      event.stopPropagation();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [isOpen]);

  const setReference = refs.setReference;
  const setTrigger = useCallback(
    (element: HTMLElement | null) => {
      setReference(element);
      if (element) setPortalRoot(element.closest<HTMLElement>(PORTAL_ROOTS) ?? document.body);
    },
    [setReference],
  );

  // A new focus or hover shows the tooltip again after an Escape.
  function handleFocus() {
    setIsDismissed(false);
    setIsFocused(true);
  }

  function handleBlur() {
    setIsFocused(false);
  }

  function handlePointerEnter(event: PointerEvent<HTMLElement>) {
    if (event.pointerType === 'touch') return;
    if (!isPointerInside.current) setIsDismissed(false);
    isPointerInside.current = true;
    scheduleHoverCommit();
  }

  function handlePointerMove(event: PointerEvent<HTMLElement>) {
    if (event.pointerType === 'touch') return;
    // Covers a pointer already resting on the trigger when it appeared (no pointerenter).
    isPointerInside.current = true;
    scheduleHoverCommit();
  }

  function handlePointerLeave(event: PointerEvent<HTMLElement>) {
    if (event.pointerType === 'touch') return;
    isPointerInside.current = false;
    scheduleHoverCommit();
  }

  const isBelow = placement.startsWith('bottom');
  const bubble = (
    <div
      ref={isOpen ? refs.setFloating : undefined}
      id={tooltipId}
      role="tooltip"
      hidden={!isOpen}
      style={floatingStyles}
      onPointerEnter={handlePointerEnter}
      onPointerMove={handlePointerMove}
      onPointerLeave={handlePointerLeave}
      className={cn(
        'z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-left text-sm font-normal text-white shadow-lg',
        // Fades in where motion is welcome (prefers-reduced-motion: no transition at all).
        'motion-safe:transition-opacity motion-safe:duration-150 motion-safe:starting:opacity-0',
        className,
      )}
    >
      {content}
      {/* Bridges the 10 px gap, so the pointer reaches the bubble without leaving the tooltip. */}
      <span
        aria-hidden="true"
        className={cn('absolute inset-x-0 h-2.5', isBelow ? 'bottom-full' : 'top-full')}
      />
    </div>
  );

  return (
    <>
      {as === 'button' ? (
        <button
          ref={setTrigger}
          type="button"
          aria-describedby={tooltipId}
          className={triggerClassName}
          onFocus={handleFocus}
          onBlur={handleBlur}
          onPointerEnter={handlePointerEnter}
          onPointerMove={handlePointerMove}
          onPointerLeave={handlePointerLeave}
        >
          {children}
        </button>
      ) : (
        <span
          ref={setTrigger}
          tabIndex={0}
          role={triggerRole}
          aria-describedby={tooltipId}
          className={triggerClassName}
          onFocus={handleFocus}
          onBlur={handleBlur}
          onPointerEnter={handlePointerEnter}
          onPointerMove={handlePointerMove}
          onPointerLeave={handlePointerLeave}
        >
          {children}
        </span>
      )}
      {portalRoot ? createPortal(bubble, portalRoot) : null}
    </>
  );
}
