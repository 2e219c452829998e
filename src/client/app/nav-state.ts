import { useCallback, useEffect, useState } from 'react';

export const NAV_STORAGE_KEY = 'understanding.navExpanded';
/** Below this window width the sidebar starts collapsed, unless the user chose otherwise. */
export const NAV_AUTO_COLLAPSE_WIDTH = 1900;
export const NAV_WIDTH_EXPANDED = 280;
export const NAV_WIDTH_COLLAPSED = 80;

function storedChoice(): boolean | null {
  try {
    const value = localStorage.getItem(NAV_STORAGE_KEY);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

function remember(expanded: boolean): void {
  try {
    localStorage.setItem(NAV_STORAGE_KEY, String(expanded));
  } catch {
    // Storage unavailable (private mode): the choice lasts for this page only.
  }
}

/** The user's stored choice, else expanded only on windows at least 1900 px wide. */
export function initialNavExpanded(windowWidth: number, stored: boolean | null): boolean {
  return stored ?? windowWidth >= NAV_AUTO_COLLAPSE_WIDTH;
}

/**
 * Whether the sidebar is expanded, and a toggle that remembers the choice in local storage. Until
 * the user chooses, the sidebar follows the window width.
 */
export function useNavExpanded(): [expanded: boolean, toggle: () => void] {
  const [expanded, setExpanded] = useState(() => initialNavExpanded(window.innerWidth, storedChoice()));

  useEffect(() => {
    const onResize = () => {
      if (storedChoice() === null) setExpanded(window.innerWidth >= NAV_AUTO_COLLAPSE_WIDTH);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const toggle = useCallback(() => {
    setExpanded((current) => {
      remember(!current);
      return !current;
    });
  }, []);

  return [expanded, toggle];
}
