import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the admins' communications screens: a way back, the title, an introduction. */
export function PageFrame({
  title,
  intro,
  back,
  actions,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-5 sm:px-6 sm:py-10">
      {back ? (
        <Link
          to={back.to}
          className="self-start text-sm font-semibold text-main-ink underline underline-offset-2 hover:no-underline"
        >
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-words text-balance text-slate-900 sm:text-3xl">
            {title}
          </h1>
          {intro ? <div className="max-w-3xl text-base text-slate-700">{intro}</div> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
