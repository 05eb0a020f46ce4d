export const SANDBOX_UI_DIR: string;
export function sandboxBuildIsStale(): boolean;
export function buildSandbox(): Promise<void>;
