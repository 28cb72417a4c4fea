import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_OFFSET_PX, TOOLTIP_THROTTLE_MS, Tooltip } from './tooltip';

const DEFINITION = 'Los 17 objetivos de las Naciones Unidas para 2030.';

function renderTooltip(props: { as?: 'span' | 'button' } = {}) {
  render(
    <p>
      Elige los{' '}
      <Tooltip content={DEFINITION} triggerRole="term" {...props}>
        ODS
      </Tooltip>{' '}
      del proyecto
      <button type="button">Siguiente</button>
    </p>,
  );
  return screen.getByText('ODS');
}

/** Lets Floating UI's asynchronous positioning settle inside act. */
async function settle() {
  await act(async () => {});
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Tooltip', () => {
  it('spec §9: the bubble sits 10 px from its trigger and hover is throttled to 50 ms', () => {
    expect(TOOLTIP_OFFSET_PX).toBe(10);
    expect(TOOLTIP_THROTTLE_MS).toBe(50);
  });

  it('the trigger is focusable and described by the bubble, which is in the DOM but hidden while closed', async () => {
    const trigger = renderTooltip();
    await settle();

    expect(trigger.tabIndex).toBe(0);
    expect(trigger.getAttribute('role')).toBe('term');
    expect(screen.queryByRole('tooltip')).toBeNull();
    const bubble = screen.getByRole('tooltip', { hidden: true });
    expect(trigger.getAttribute('aria-describedby')).toBe(bubble.id);
    expect(bubble.textContent).toBe(DEFINITION);
    expect(bubble.hidden).toBe(true);
  });

  it('when the trigger gets keyboard focus, the tooltip shows; when focus leaves, it hides', async () => {
    const trigger = renderTooltip();
    await settle();

    act(() => {
      trigger.focus();
    });
    await settle();
    expect(screen.getByRole('tooltip').textContent).toBe(DEFINITION);

    act(() => {
      screen.getByRole('button', { name: 'Siguiente' }).focus();
    });
    await settle();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('when Escape is pressed, the tooltip hides, focus stays on the trigger and a surrounding dialog does not hear it', async () => {
    const trigger = renderTooltip();
    const onWindowEscape = vi.fn();
    window.addEventListener('keydown', onWindowEscape);
    act(() => {
      trigger.focus();
    });
    await settle();
    expect(screen.getByRole('tooltip')).toBeTruthy();

    fireEvent.keyDown(trigger, { key: 'Escape' });
    await settle();

    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(onWindowEscape).not.toHaveBeenCalled();
    window.removeEventListener('keydown', onWindowEscape);

    // Focusing it again shows it again.
    act(() => {
      trigger.blur();
    });
    act(() => {
      trigger.focus();
    });
    await settle();
    expect(screen.getByRole('tooltip')).toBeTruthy();
  });

  it('when the tooltip is closed, Escape is left to others (a dialog still closes)', async () => {
    renderTooltip();
    await settle();
    const onWindowEscape = vi.fn();
    window.addEventListener('keydown', onWindowEscape);

    fireEvent.keyDown(document.body, { key: 'Escape' });

    expect(onWindowEscape).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', onWindowEscape);
  });

  it('when the pointer enters, it shows at once; when it leaves, it hides at the end of the 50 ms window', async () => {
    vi.useFakeTimers();
    const trigger = renderTooltip();
    await settle();

    fireEvent.pointerEnter(trigger);
    await settle();
    expect(screen.getByRole('tooltip')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS);
    });
    fireEvent.pointerLeave(trigger);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS - 1);
    });
    expect(screen.getByRole('tooltip')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('when the pointer leaves and comes back within 50 ms, the tooltip does not flicker closed', async () => {
    vi.useFakeTimers();
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS);
    });
    await settle();

    fireEvent.pointerLeave(trigger);
    act(() => {
      vi.advanceTimersByTime(20);
    });
    fireEvent.pointerEnter(trigger);
    for (let i = 0; i < 10; i += 1) fireEvent.pointerMove(trigger);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS);
    });
    await settle();

    expect(screen.getByRole('tooltip')).toBeTruthy();
  });

  it('when the pointer moves from the trigger onto the bubble, the tooltip stays open (WCAG 1.4.13 hoverable) until it leaves the bubble', async () => {
    vi.useFakeTimers();
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS);
    });
    await settle();
    const bubble = screen.getByRole('tooltip');

    fireEvent.pointerLeave(trigger);
    fireEvent.pointerEnter(bubble);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS * 4);
    });
    await settle();
    expect(screen.getByRole('tooltip')).toBeTruthy();

    fireEvent.pointerLeave(bubble);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS);
    });
    await settle();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('when Escape dismisses a hovered tooltip, moving the pointer does not reopen it; entering again does', async () => {
    vi.useFakeTimers();
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger);
    await settle();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    for (let i = 0; i < 5; i += 1) {
      fireEvent.pointerMove(trigger);
      act(() => {
        vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS);
      });
    }
    await settle();
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerLeave(trigger);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_THROTTLE_MS);
    });
    fireEvent.pointerEnter(trigger);
    await settle();
    expect(screen.getByRole('tooltip')).toBeTruthy();
  });

  it('when the trigger is hovered and focused, losing focus keeps it open while the pointer stays', async () => {
    vi.useFakeTimers();
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger);
    act(() => {
      trigger.focus();
    });
    act(() => {
      trigger.blur();
    });
    await settle();

    expect(screen.getByRole('tooltip')).toBeTruthy();
  });

  it('a touch pointer does not open it by hover (a tap focuses the trigger instead)', async () => {
    const trigger = renderTooltip();
    fireEvent.pointerEnter(trigger, { pointerType: 'touch' });
    fireEvent.pointerMove(trigger, { pointerType: 'touch' });
    await settle();

    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('as a button, the trigger is a non-submitting button described by the bubble', async () => {
    renderTooltip({ as: 'button' });
    await settle();

    const trigger = screen.getByRole('button', { name: 'ODS' });
    expect(trigger.getAttribute('type')).toBe('button');
    expect(trigger.getAttribute('aria-describedby')).toBe(
      screen.getByRole('tooltip', { hidden: true }).id,
    );
  });

  it('the bubble fades in only where motion is welcome (prefers-reduced-motion)', async () => {
    const trigger = renderTooltip();
    act(() => {
      trigger.focus();
    });
    await settle();

    const classes = screen.getByRole('tooltip').className.split(' ');
    expect(classes.filter((c) => c.includes('transition'))).toEqual([
      'motion-safe:transition-opacity',
    ]);
  });

  it('inside a dialog, the bubble is placed in the dialog (not in the inert page behind it)', async () => {
    render(
      <div role="dialog" aria-label="Editar proyecto">
        <Tooltip content={DEFINITION}>ODS</Tooltip>
      </div>,
    );
    await settle();

    const bubble = screen.getByRole('tooltip', { hidden: true });
    expect(bubble.parentElement).toBe(screen.getByRole('dialog'));
  });

  it('in the page, the bubble is placed in the landmark of its trigger (axe "region": no content outside landmarks)', async () => {
    render(
      <main>
        <form aria-label="Proyecto">
          <Tooltip content={DEFINITION}>ODS</Tooltip>
        </form>
      </main>,
    );
    await settle();

    const bubble = screen.getByRole('tooltip', { hidden: true });
    expect(bubble.parentElement).toBe(screen.getByRole('main'));
  });
});
