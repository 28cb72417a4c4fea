import { useEffect, useRef } from 'react';
import { isTransient, NETWORK_ERROR_STATUS, type ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Spinner } from './spinner';
import { SUBMISSION_TEXTS } from './submission-texts';

/** What is said while `error` is tried again: a full API, or a lost connection. */
export function retryingText(error: ApiError): string {
  return error.status === NETWORK_ERROR_STATUS
    ? SUBMISSION_TEXTS.retryingOffline
    : SUBMISSION_TEXTS.retryingBusy;
}

interface SubmissionStatusProps {
  /** The failure being tried again (`useSubmission().retrying`), or null. */
  retrying: ApiError | null;
  /** The submission's error; only a transient one (503, no answer) is said here. */
  failure: unknown;
  /** A "Volver a intentarlo" button after the last attempt; none where the submit is at hand. */
  onTryAgain?: () => void;
  /** What was sent: a form (what was typed is kept) or a file. */
  about?: keyof typeof SUBMISSION_TEXTS.gaveUp;
  className?: string;
}

/**
 * Beside a submit button, what a keyed submission is doing (ADR 0070): a polite status kept in
 * the page (a live region must exist before it speaks), empty until a 503 or a lost connection
 * is tried again; after the last attempt, the failure in Spanish with a way to try again. It
 * takes no room while empty, and one line while retrying. The form's own errors (a refusal, a
 * field) stay where the form shows them.
 *
 * The focus comes here when the last attempt fails and when "Volver a intentarlo" is pressed:
 * the submit button was disabled meanwhile, and the pressed button goes away.
 */
export function SubmissionStatus({
  retrying,
  failure,
  onTryAgain,
  about = 'form',
  className,
}: SubmissionStatusProps) {
  const gaveUp = retrying === null && isTransient(failure) ? failure : null;
  const texts = SUBMISSION_TEXTS.gaveUp[about];
  const own = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (gaveUp) own.current?.focus();
  }, [gaveUp]);
  return (
    <div
      ref={own}
      tabIndex={-1}
      className={cn('flex min-w-0 flex-col gap-2 text-sm focus:outline-none', className)}
    >
      <p role="status" className="flex items-center gap-2 text-slate-800">
        {retrying ? (
          <>
            <Spinner className="size-4 shrink-0" />
            {retryingText(retrying)}
          </>
        ) : null}
      </p>
      {gaveUp ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800"
        >
          <span>{gaveUp.status === NETWORK_ERROR_STATUS ? texts.offline : texts.busy}</span>
          {onTryAgain ? (
            <Button
              variant="secondary"
              onClick={() => {
                own.current?.focus();
                onTryAgain();
              }}
            >
              {SUBMISSION_TEXTS.tryAgain}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
