import { Link } from 'react-router';

/** A "read more" link of a card: underlined on hover, with an arrow. */
export function TextLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 font-semibold text-main-ink decoration-2 underline-offset-4 hover:underline"
    >
      {children}
      <span aria-hidden="true">→</span>
    </Link>
  );
}
