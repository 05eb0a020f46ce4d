/**
 * The header with which a test names its namespace in the stubs (docs/testing-integration.md): forwarded, like
 * x-request-id, to every service the request calls (REST and file calls), so tests in parallel against one stack
 * keep their data, faults and request logs apart. The platform's services ignore it.
 */
export const TEST_NAMESPACE_HEADER = 'x-test-namespace';

/** What the stubs accept as a namespace's name. */
const TEST_NAMESPACE = /^[A-Za-z0-9._:-]{1,64}$/;

/** The incoming x-test-namespace when it is a name the stubs accept, else null (nothing is forwarded). */
export const testNamespaceFrom = (header: string | string[] | undefined): string | null =>
  typeof header === 'string' && TEST_NAMESPACE.test(header) ? header : null;
