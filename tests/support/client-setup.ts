import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetSessionAlerts } from '#client/lib/session-alerts.ts';

afterEach(() => cleanup());

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
