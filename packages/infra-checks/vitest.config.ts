import { defineConfig } from 'vitest/config';

// Generous limits: CI runs every package's tests at once on 2 cores (the type check of the manifests compiles).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Files share their worker's module graph (none replaces modules): isolating each re-imported it per file.
    isolate: false,
  },
});
