import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertTone = 'error' | 'success' | 'info';

const TONES: Record<AlertTone, string> = {
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-slate-300 bg-slate-50 text-slate-800',
};

/**
 * A message about the whole form or page. Errors interrupt screen readers (role=alert); other
 * tones are announced politely (role=status).
 */
export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-4 py-3 text-sm', TONES[tone], className)}
    >
      {children}
    </div>
  );
}
