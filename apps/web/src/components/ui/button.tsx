import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  // The text colour is computed from the brand colour, so contrast holds for any branding.
  primary: 'bg-main text-on-main shadow-sm hover:bg-main/90',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

/** Class names of a button of the given variant, for elements that are not <button>. */
export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(BASE, VARIANTS[variant], className);
}

/** A router link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant = 'primary',
  className,
  ...props
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClasses(variant, className)} />;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Disables the button and says why to screen readers while an action runs. */
  isPending?: boolean;
  /**
   * A submit button whose form may be sent by the browser itself before the scripts run: a
   * search, whose words belong in the address anyway. Others wait for the scripts (ADR 0060).
   */
  worksWithoutScripts?: boolean;
}

/** A button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  isPending = false,
  className,
  type = 'button',
  disabled,
  worksWithoutScripts = false,
  children,
  ...props
}: ButtonProps) {
  // A submit button of a page the server drew stays off until the scripts have taken the page
  // over: before that, the browser would send the form itself, as a GET with every field (a
  // password) in the address (ADR 0060). A disabled default button also stops Enter.
  const hydrated = useHydrated();
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || isPending || (type === 'submit' && !hydrated && !worksWithoutScripts)}
      aria-busy={isPending || undefined}
      className={buttonClasses(variant, className)}
    >
      {children}
    </button>
  );
}
