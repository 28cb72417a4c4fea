import { cn } from '../../lib/cn';

/** A decorative spinning ring; pair it with visible or screen-reader text. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-6 animate-spin rounded-full border-[3px] border-main/20 border-t-main motion-reduce:animate-none',
        className,
      )}
    />
  );
}
