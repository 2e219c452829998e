import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';

/**
 * A part of the interface that loads on first use rather than with the page (docs/first-load.md): menus, popovers and tooltips bring Floating UI and Mantine's combobox, about 40 kB
 * gzip that no page needs before the user points at or focuses the control.
 */
export type Deferred<T> = {
  /** The module once it has arrived. */
  current: () => T | undefined;
  /** Starts the import, once; again after a failure (offline, a build replaced under the tab). */
  load: () => void;
  subscribe: (listener: () => void) => () => void;
};

export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let value: T | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    load: () => {
      loading ??= importer().then(
        (module) => {
          value = module;
          for (const listener of listeners) listener();
        },
        () => {
          loading = undefined;
        },
      );
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The deferred module, re-rendering when it arrives; undefined until then. */
export function useDeferred<T>(part: Deferred<T>): T | undefined {
  return useSyncExternalStore(part.subscribe, part.current, part.current);
}

/**
 * True when no element holds the focus: a part that replaces a focused stand-in may take the focus
 * over then, and never from an element the user has moved on to.
 */
export function focusIsFree(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/** What the user did to a stand-in before its part took its place: the part takes the focus over, and opens. */
export type Activation = { focused: boolean; opened: boolean };

const NOT_ACTIVATED: Activation = { focused: false, opened: false };

/**
 * A stand-in for a deferred control, drawn like the control. Pointing at it starts the import; the
 * part takes the stand-in's place once it has arrived and the stand-in has been clicked (or Enter /
 * Space, or an arrow key, which opens it) or focused from the keyboard, so the swap never falls
 * inside a press (a click split between two elements would be lost). Leaving the stand-in before the
 * part arrived cancels it: a late part never steals the focus.
 */
export function useStandIn<T>(part: Deferred<T>) {
  const module = useDeferred(part);
  const [pressing, setPressing] = useState(false);
  const [activation, setActivation] = useState<Activation | null>(null);
  const [swapped, setSwapped] = useState(false);
  // Once the part has taken the stand-in's place, it keeps it.
  if (module !== undefined && activation !== null && !swapped) setSwapped(true);
  const standInProps = {
    onPointerEnter: (_event: PointerEvent<HTMLElement>) => part.load(),
    onPointerDown: (_event: PointerEvent<HTMLElement>) => {
      part.load();
      setPressing(true);
    },
    onPointerLeave: (_event: PointerEvent<HTMLElement>) => setPressing(false),
    onFocus: (_event: FocusEvent<HTMLElement>) => {
      part.load();
      // A press focuses too: the click that ends it decides.
      if (!pressing) setActivation((current) => current ?? { focused: true, opened: false });
    },
    onBlur: (_event: FocusEvent<HTMLElement>) => setActivation(null),
    onClick: () => {
      part.load();
      setPressing(false);
      setActivation({ focused: true, opened: true });
    },
    // The arrow keys open a list or menu; pressed before the part arrived, the part opens when it does.
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      part.load();
      setActivation({ focused: true, opened: true });
    },
  };
  return {
    module: swapped || (module !== undefined && activation !== null) ? module : undefined,
    activation: activation ?? NOT_ACTIVATED,
    standInProps,
  };
}

/**
 * For the part that replaces a stand-in: a ref for its target (the button or input the stand-in
 * drew), focused when the stand-in had the focus and clicked when the stand-in was, once, when the
 * part first appears; so keyboard users keep their place and an early click still opens it.
 */
export function useTakeOver<E extends HTMLElement>(activation: Activation) {
  const ref = useRef<E>(null);
  const done = useRef(false);
  const [{ focused, opened }] = useState(activation);
  useEffect(() => {
    const target = ref.current;
    if (done.current || !target) return;
    done.current = true;
    if (focused || opened) target.focus();
    if (opened) target.click();
  }, [focused, opened]);
  return ref;
}

/**
 * True from the first time `opened` is true. A dialog that is a lazy() chunk is mounted on its first
 * opening (so it loads then, not with the page) and stays mounted afterwards to animate its closing.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
