import { cloneElement, useCallback, useState, type ReactElement, type Ref } from 'react';
import type { FloatingPosition } from '@mantine/core';
import { deferred, focusIsFree, useDeferred } from './deferred.tsx';

// Mantine's Tooltip, with Floating UI.
const tooltipPart = deferred(() => import('./tooltip-part.tsx'));

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onPointerDown?: (event: React.PointerEvent<HTMLElement>) => void;
  onClick?: (event: React.MouseEvent<HTMLElement>) => void;
  onPointerCancel?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: React.PointerEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
  onBlur?: (event: React.FocusEvent<HTMLElement>) => void;
};

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The app's one tooltip: it opens on hover and on keyboard focus, drawn next to its target (not in a portal) so
 * it stays inside the page's landmarks; fixed positioning keeps it clear of scrolling containers.
 *
 * Mantine's Tooltip (and Floating UI with it) loads the first time the pointer enters a target or
 * the focus reaches one (docs/first-load.md); until then the target is drawn alone.
 * When it arrives, the tooltip of the target being pointed at or focused opens, and the focus stays
 * where it was (on the target, or on the control inside it). A target being pressed is drawn again
 * only once the press ends: drawn again between the press and its release, it would lose the click
 * (a link followed on a slow connection would not be).
 */
export function Hint({
  label,
  width,
  position,
  withArrow,
  children,
}: {
  label: string;
  /** Wraps the text at this width (a sentence); without it the label stays on one line. */
  width?: number;
  position?: FloatingPosition;
  withArrow?: boolean;
  children: ReactElement<TargetProps>;
}) {
  const part = useDeferred(tooltipPart);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);
  // The target drawn again inside the tooltip is a new element: it takes the focus back, unless the
  // focus has moved on since (`focused` no longer changes once the tooltip is there: the drawn-again
  // target has no blur handler of ours, and the tooltip may attach its ref again later).
  const takeOver = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !focused) return;
      if (!focusIsFree()) return;
      const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    },
    [focused],
  );

  if (part && !pressed) {
    return (
      <part.Tooltip
        label={label}
        position={position}
        withArrow={withArrow}
        events={{ hover: true, focus: true, touch: true }}
        withinPortal={false}
        floatingStrategy="fixed"
        multiline={width !== undefined}
        w={width}
        defaultOpened={hovered || focused}
      >
        {cloneElement(children, { ref: takeOver })}
      </part.Tooltip>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      setPressed(true);
    },
    // The press ends with its click (after the release), or when the pointer leaves without one. A
    // clicked target's tooltip then takes over closed: opened, it would stay open after the pointer
    // left, since its drawn-again target never saw the pointer enter.
    onClick: (event) => {
      own.onClick?.(event);
      if (pressed) {
        setHovered(false);
        setFocused(false);
      }
      setPressed(false);
    },
    onPointerCancel: (event) => {
      own.onPointerCancel?.(event);
      setPressed(false);
    },
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      setHovered(true);
      tooltipPart.load();
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      setHovered(false);
      setPressed(false);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      setFocused(true);
      tooltipPart.load();
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      setFocused(false);
    },
  });
}
