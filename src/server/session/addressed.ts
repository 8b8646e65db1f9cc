import type { AuthContext } from './authContext.ts';

/**
 * The contract's options of the calls the user service limits per client address (codes, wrong
 * passwords: spec §8 1203): the shopper's address as `clientIp`, else every shopper would share
 * one limit.
 */
export function addressed(ctx: Pick<AuthContext, 'clientIp'>): { clientIp?: string } {
  return ctx.clientIp === null ? {} : { clientIp: ctx.clientIp };
}
