// Setup of the `component` vitest project (jsdom): jest-dom matchers, and an unmounted tree after each test
// (React Testing Library only cleans up by itself when test globals are on; they are off here).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
