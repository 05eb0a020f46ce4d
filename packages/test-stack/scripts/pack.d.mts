// Types of pack.mjs.
/** Packs the test stack into `destination` and returns the tarball's path. */
export function packTestStack(destination: string): Promise<string>;
/** The real folder of `rootDir`'s node_modules (a symbolic link followed). */
export function modulesFolder(rootDir: string): Promise<string>;
/** Where a package's real folder sits inside the real node_modules, or null for a workspace. */
export function installedPath(dir: string, modules: string): string | null;
