import { cloneElement, useCallback, useState, type ReactElement, type Ref } from 'react';
import type { FloatingPosition } from '@mantine/core';
import { deferred, focusIsFree, useDeferred } from './deferred.tsx';

const tooltipPart = deferred(() => import('./tooltip-part.tsx'));

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: React.PointerEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
  onBlur?: (event: React.FocusEvent<HTMLElement>) => void;
};

/**
 * Mantine's hover tooltip (it opens on hover only, as Mantine's does by default, or also on keyboard
 * focus with `openOnFocus`), loaded the first time the pointer enters a target (or, with
 * `openOnFocus`, the focus does): until then the target is drawn alone. The hovered or focused
 * target's tooltip opens as soon as it arrives, and a target that had the focus keeps it.
 */
export function HoverTooltip({
  label,
  position,
  withArrow,
  openOnFocus = false,
  children,
}: {
  label: string;
  position?: FloatingPosition;
  withArrow?: boolean;
  /** Also open on focus: for a control whose tooltip is its only visible name (an icon). */
  openOnFocus?: boolean;
  children: ReactElement<TargetProps>;
}) {
  const part = useDeferred(tooltipPart);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The target drawn again inside the tooltip takes back the focus its stand-in had, only if the
  // focus has not moved on since (the drawn-again target has no blur handler of ours).
  const takeOver = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !focused) return;
      if (focusIsFree()) element.focus();
    },
    [focused],
  );

  if (part) {
    return (
      <part.Tooltip
        label={label}
        position={position}
        withArrow={withArrow}
        // A focused target opens its tooltip itself: it takes the focus back (below), which the
        // tooltip's focus handling sees, and so also closes it on blur.
        defaultOpened={hovered}
        events={{ hover: true, focus: openOnFocus, touch: false }}
      >
        {cloneElement(children, { ref: takeOver })}
      </part.Tooltip>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      setHovered(true);
      tooltipPart.load();
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      setHovered(false);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      setFocused(true);
      if (openOnFocus) tooltipPart.load();
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      setFocused(false);
    },
  });
}
