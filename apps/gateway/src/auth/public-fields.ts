import { MODULE_PUBLIC_FIELDS } from '../modules.js';

/**
 * Root fields that need only a signed-in user (no @auth), reviewed one by one; each module lists its own
 * (`publicFields` of defineModule). Every other Query field and every Mutation field must carry @auth: the
 * coverage tests (auth-directive.test.ts and the generated role matrix in __tests__/security) fail when a new
 * root field has neither @auth nor an entry here.
 */
export const PUBLIC_ROOT_FIELDS: Readonly<Record<string, string>> = MODULE_PUBLIC_FIELDS;

/** Mutations never go without @auth: this list is empty on purpose. */
export const PUBLIC_MUTATIONS: readonly string[] = [];
