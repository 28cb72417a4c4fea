import { cn } from '../../../lib/cn';

interface ItemToolbarProps {
  /** What the buttons act on, read in their names: "fila 1, columna 2, enlace 3". */
  name: string;
  /** The item's stable key: the focus follows the item when it moves. */
  itemKey: string;
  /** The list's id: after a removal the focus goes to the list's "add" button. */
  listId: string;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
  /** Words of the two moves: columns go before/after, everything else up/down. */
  direction?: 'vertical' | 'horizontal';
  className?: string;
}

const ICON_BUTTON =
  'inline-grid size-9 place-items-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:pointer-events-none disabled:opacity-40';

/**
 * Reorder and remove controls of a list item. Each button's name says what it moves, so a screen
 * reader user hears "Mover arriba: fila 1, columna 2, enlace 3" and not a bare arrow.
 */
export function ItemToolbar({
  name,
  itemKey,
  listId,
  index,
  count,
  onMove,
  onRemove,
  direction = 'vertical',
  className,
}: ItemToolbarProps) {
  const [before, after] = direction === 'vertical' ? ['arriba', 'abajo'] : ['antes', 'después'];
  const [beforeIcon, afterIcon] = direction === 'vertical' ? ['↑', '↓'] : ['←', '→'];
  // Moving re-inserts the item's elements, which drops the focus; put it back on the same button
  // (or its twin when the item reached an end of the list).
  const move = (delta: number) => {
    onMove(delta);
    requestAnimationFrame(() => {
      const toolbar = document.querySelector(`[data-toolbar="${itemKey}"]`);
      const pressed = toolbar?.querySelector<HTMLButtonElement>(`[data-move="${delta}"]`);
      const twin = toolbar?.querySelector<HTMLButtonElement>(`[data-move="${-delta}"]`);
      (pressed && !pressed.disabled ? pressed : twin)?.focus();
    });
  };
  const remove = () => {
    onRemove();
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>(`[data-add-for="${listId}"]`)?.focus();
    });
  };
  return (
    <div data-toolbar={itemKey} className={cn('flex shrink-0 items-center gap-1', className)}>
      <button
        type="button"
        className={ICON_BUTTON}
        aria-label={`Mover ${before}: ${name}`}
        title={`Mover ${before}`}
        data-move={-1}
        disabled={index === 0}
        onClick={() => move(-1)}
      >
        <span aria-hidden="true">{beforeIcon}</span>
      </button>
      <button
        type="button"
        className={ICON_BUTTON}
        aria-label={`Mover ${after}: ${name}`}
        title={`Mover ${after}`}
        data-move={1}
        disabled={index === count - 1}
        onClick={() => move(1)}
      >
        <span aria-hidden="true">{afterIcon}</span>
      </button>
      <button
        type="button"
        className={cn(ICON_BUTTON, 'text-red-800')}
        aria-label={`Eliminar: ${name}`}
        title="Eliminar"
        onClick={remove}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
