/**
 * The upstream services, by the name used in env vars, URLs and logs. Each module declares the ones it calls
 * (`services` in its `defineModule`, and the same names added to `UpstreamServices` by a
 * `declare module '../../services.js'` beside it); `SERVICES` (modules.ts) is their union at run time, and
 * `service-registrations.test.ts` holds that both are the same. A leaf module: anything may import it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- every member comes from a module
export interface UpstreamServices {}

/** An upstream service's name: 'payment', 'softprovider'… */
export type ServiceName = keyof UpstreamServices & string;
