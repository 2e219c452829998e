import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetSessionAlerts } from '#client/lib/session-alerts.ts';

afterEach(() => cleanup());

// findBy* and waitFor give up after this long. It bounds how long a failing test waits, never how long
// a passing one takes (they return as soon as the element is there). A page's first render imports
// its lazy chunks, which on a shared 2-core machine under load took over 5 s (13 tests failed so), so
// the bound is generous: CPU time must not decide a test (decision 047).
configure({ asyncUtilTimeout: 15_000 });

// Mantine reads these browser APIs, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Each test starts with no session alerts and empty storage.
afterEach(() => {
  resetSessionAlerts();
  localStorage.clear();
  sessionStorage.clear();
});
// Mantine's combobox scrolls the highlighted option into view.
Element.prototype.scrollIntoView = () => {};

// The shell's deferred parts (header menus, popovers, tooltips: src/client/components/deferred.tsx)
// load on first use. Imported once here, that load is as quick in a test as from a browser's cache,
// so a test that opens one needs no longer wait than for any other update.
await Promise.all([
  import('#client/app/level-picker-part.tsx'),
  import('#client/app/profile-menu-part.tsx'),
  import('#client/app/whats-new-part.tsx'),
  import('#client/components/tooltip-part.tsx'),
  import('#client/features/collaboration/collaboration-menu-part.tsx'),
]);
