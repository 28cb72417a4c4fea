/**
 * Text links of the header bar. The current page gets a bar in the brand colour under it. Tight
 * enough for the admin's seven entries beside a logo at 1280 px (the header falls back to the side
 * menu where they do not fit): a submenu's chevron is small and close to its label, since the
 * admin's bar holds four submenus (ADR 0046).
 */
export const BAR_ITEM =
  'relative inline-flex items-center gap-0.5 rounded-md px-2 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900';
export const CURRENT_BAR =
  'text-slate-900 after:absolute after:inset-x-2 after:-bottom-1 after:h-0.5 after:rounded-full after:bg-main';

/** Items of a popover or dropdown list. */
export const PANEL_ITEM =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-focus:bg-slate-100 data-focus:text-slate-900 aria-[current=page]:font-bold aria-[current=page]:text-slate-900';

/** A floating panel that fades and drops in (Headless UI `transition` data attributes). */
export const PANEL =
  'z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg transition duration-150 ease-out data-closed:-translate-y-1 data-closed:opacity-0 motion-reduce:transition-none';
