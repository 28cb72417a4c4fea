import { Fragment, useMemo } from 'react';
import { Tooltip } from '../../components/ui/tooltip';
import { segmentGlossaryText } from './match-glossary';

/**
 * A label's text with its glossary terms (spec §1) marked: each is a focusable word with a dotted
 * underline whose definition shows as a tooltip on hover and focus and is its accessible
 * description. The terms are never listed. A span, not a button: this text sits inside <label>,
 * which may not contain another labelable element; role="term" names what it is.
 */
export function GlossaryText({ children }: { children: string }) {
  const segments = useMemo(() => segmentGlossaryText(children), [children]);
  return (
    <>
      {/* The segments are derived from the text alone, so their order is stable. */}
      {segments.map(({ text, term }, index) => {
        const key = `${index}:${text}`;
        return term ? (
          <Tooltip
            key={key}
            content={term.definition}
            triggerRole="term"
            triggerClassName="cursor-help rounded-sm underline decoration-dotted decoration-1 underline-offset-4"
          >
            {text}
          </Tooltip>
        ) : (
          <Fragment key={key}>{text}</Fragment>
        );
      })}
    </>
  );
}
