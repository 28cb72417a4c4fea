import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode, RefObject } from 'react';
import { cn } from '../../lib/cn';

export type ModalSize = 'md' | 'lg';

const SIZES: Record<ModalSize, string> = {
  md: 'max-w-md',
  lg: 'max-w-2xl',
};

export interface ModalProps {
  isOpen: boolean;
  /** Called on Escape, on a click outside the panel and by the "Cerrar" button. */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** A short text under the title, read as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /**
   * The element focused when the dialog opens (usually its main action). Without it, the dialog
   * itself takes the focus, so screen readers read its title first and Tab reaches "Cerrar".
   */
  initialFocus?: RefObject<HTMLElement | null>;
  size?: ModalSize;
  /** Decorative content above the title (an illustration, an icon). */
  header?: ReactNode;
  className?: string;
}

/**
 * A modal dialog (Headless UI Dialog): focus moves inside when it opens, Tab stays inside, Escape
 * and a click outside close it, and the focus goes back to where it was when it closes. Spec §9:
 * the panel fades and scales in 300 ms, the backdrop fades in 150 ms; with "reduce motion" on,
 * nothing moves (`motion-reduce`).
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  children,
  initialFocus,
  size = 'md',
  header,
  className,
}: ModalProps) {
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      initialFocus={initialFocus}
      className="fixed inset-0 z-50"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-950/55 transition-opacity duration-150 ease-out data-[closed]:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-3 sm:items-center sm:p-6">
          <DialogPanel
            transition
            className={cn(
              'relative w-full rounded-2xl bg-white p-6 text-slate-900 shadow-2xl ring-1 ring-slate-900/5 transition duration-300 ease-out data-[closed]:translate-y-4 data-[closed]:scale-95 data-[closed]:opacity-0 motion-reduce:transition-none sm:p-8',
              SIZES[size],
              className,
            )}
          >
            <button
              type="button"
              onClick={onClose}
              aria-label="Cerrar"
              className="absolute top-3 right-3 grid size-10 place-items-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                className="size-5"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
            {header}
            <DialogTitle className="pr-10 text-xl font-bold tracking-tight text-balance sm:text-2xl">
              {title}
            </DialogTitle>
            {description ? (
              <Description className="mt-3 text-base text-slate-700">{description}</Description>
            ) : null}
            {children ? <div className="mt-5">{children}</div> : null}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
