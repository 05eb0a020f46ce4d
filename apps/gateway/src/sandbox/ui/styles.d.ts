// The page's style sheets are imported for their side effect and bundled by esbuild (scripts/build-sandbox.mjs);
// TypeScript checks that a side-effect import resolves (TypeScript 7's noUncheckedSideEffectImports), and a style
// sheet has nothing to type.
declare module '*.css';
