// Setup of the `component` vitest project (jsdom): jest-dom matchers, and an unmounted tree after each test
// (React Testing Library only cleans up by itself when test globals are on; they are off here).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor give up after 1 s by default; MUI under jsdom on a 2-core machine running two suites at once
// takes several seconds to render a form, and a test must fail on a wrong screen, not on a slow one.
configure({ asyncUtilTimeout: 15_000 });

// Files share their worker's jsdom (vitest.config.ts, `isolate: false`): what one test stored must not reach the next.
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
