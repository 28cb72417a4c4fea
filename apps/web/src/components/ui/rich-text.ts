/**
 * How rich text from the server reads (a notification's message, a legal text): spaced
 * paragraphs, headings, lists, quotes and underlined links in the brand's ink. The HTML itself is
 * cleaned before it is rendered (lib/sanitize-html).
 */
export const RICH_TEXT_CLASSES = [
  'flex flex-col gap-3 text-base leading-relaxed text-slate-800',
  '[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h2]:text-balance',
  '[&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 [&_li>p]:mt-0',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700',
  '[&_hr]:my-2 [&_hr]:border-slate-300',
  '[&_strong]:font-semibold [&_a]:font-semibold [&_a]:break-words [&_a]:text-main-ink [&_a]:underline [&_a]:underline-offset-2',
].join(' ');
