const KEY = 'understanding.returnPath';

/**
 * Remembers where a signed-out visitor was going, so sign-in can bring them back (spec part 1 §2
 * Sign-in: "unless the first path segment is login").
 */
export function saveReturnPath(
  location: { pathname: string; search: string; hash: string },
  storage: Storage = sessionStorage,
): void {
  const firstSegment = location.pathname.split('/')[1] ?? '';
  if (firstSegment === 'login' || location.pathname.startsWith('/auth/') || location.pathname === '/logout')
    return;
  storage.setItem(KEY, location.pathname + location.search + location.hash);
}

/** The saved path (once), or '/' — only same-site paths are honoured. */
export function takeReturnPath(storage: Storage = sessionStorage): string {
  const saved = storage.getItem(KEY);
  storage.removeItem(KEY);
  if (!saved || !saved.startsWith('/') || saved.startsWith('//') || saved.startsWith('/\\')) return '/';
  return saved;
}
