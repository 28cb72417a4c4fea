import { Toaster as SonnerToaster } from 'sonner';
import type { ToastTone } from './toast';

/** How long a confirmation stays (it pauses while the pointer or the focus is on it). */
const TOAST_DURATION_MS = 6000;

const TONE_CLASSES: Record<ToastTone, string> = {
  success: 'border-green-300 text-slate-900',
  error: 'border-red-300 text-red-900',
};

function ToastIcon({ tone }: { tone: ToastTone }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={tone === 'success' ? 'size-5 text-green-700' : 'size-5 text-red-700'}
    >
      {tone === 'success' ? (
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      ) : (
        <path d="M12 7v6m0 4h.01M12 3l10 18H2L12 3z" />
      )}
    </svg>
  );
}

/**
 * Where confirmations appear: one polite live region for the whole app (sonner keeps it in the
 * page before any toast arrives, so screen readers announce each one as it is added). Alt+T moves
 * the focus to the toasts; each can be closed. Loaded on demand by toast.tsx's `Toaster`.
 */
export default function ToasterView() {
  return (
    <SonnerToaster
      position="bottom-right"
      // Every toast shown in full, one above the other: stacked ones would hide each other's text.
      expand
      visibleToasts={3}
      duration={TOAST_DURATION_MS}
      customAriaLabel="Confirmaciones (Alt+T para ir a ellas)"
      closeButton
      style={{ fontFamily: 'inherit' }}
      toastOptions={{
        unstyled: true,
        closeButtonAriaLabel: 'Cerrar confirmación',
        // They slide in without fading: half-transparent text is unreadable, however briefly.
        style: { transitionProperty: 'transform, height' },
        classNames: {
          toast:
            'flex w-full items-start gap-3 rounded-xl border-2 bg-white py-3 pr-10 pl-4 text-sm font-medium shadow-lg',
          success: TONE_CLASSES.success,
          error: TONE_CLASSES.error,
          icon: 'shrink-0 pt-0.5',
          content: 'min-w-0 flex-1',
          closeButton:
            'absolute top-2 right-2 flex size-7 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
        },
      }}
      icons={{
        success: <ToastIcon tone="success" />,
        error: <ToastIcon tone="error" />,
      }}
    />
  );
}
