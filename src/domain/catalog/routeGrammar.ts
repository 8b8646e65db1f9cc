/**
 * The catalogue route grammar in one import: the path grammar itself (`routePath.ts`, zod-free, safe
 * for islands that build links) and its translation into a search-service query (`routeQuery.ts`).
 */
export * from './routePath.ts';
export * from './routeQuery.ts';
