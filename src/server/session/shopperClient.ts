import type { HttpClient } from '../../api/http.ts';
import { refreshTokens } from '../../api/user.ts';
import type { AuthContext } from './authContext.ts';
import { recentRefreshes, type RecentRefreshes } from './recentRefreshes.ts';
import { refreshLock, type RefreshLock } from './refreshLock.ts';
import { clearHint, readShopperTokens, sessionTokenStore } from './shopperTokens.ts';

/**
 * The service client of the session's shopper, or null when nobody is signed in (and then no hint). It sends their
 * bearer, refreshes once on a 401 through their session's single-flight gate (src/server/
 * sessionStore/refreshGates.ts; the spec's 5 s throttle) and writes the rotated pair back to the session; a
 * failed refresh signs the shopper out (tokens and hint removed). With several processes the
 * refresh also goes through the shop's cross-process lock (refreshLock.ts), so two workers never
 * spend one refresh token twice.
 */
export async function shopperClient(
  ctx: AuthContext,
  refreshes: RecentRefreshes = recentRefreshes,
  now: () => number = Date.now,
  lock: RefreshLock = refreshLock(),
): Promise<{ api: HttpClient; customerId: number } | null> {
  const loadedAt = now();
  const stored = await readShopperTokens(ctx);
  const sessionId = ctx.session.sessionID;
  if (!stored || !sessionId) {
    // A hint without a session (it expired, the server restarted): the hint goes too, so the
    // next page's script sees the sign-in is over (src/domain/session/customerHint.ts).
    clearHint(ctx);
    return null;
  }
  const tokens = sessionTokenStore(ctx, stored, () => refreshes.after(sessionId, loadedAt));
  const api = ctx.clients.forShopper({
    sessionId,
    tokens,
    refresh: async (refreshToken) => {
      const pair = await lock.refresh(sessionId, refreshToken, async () => {
        const fresh = await refreshTokens(ctx.clients.anonymous, refreshToken);
        return { token: fresh.token, refreshToken: fresh.refresh_token };
      });
      refreshes.record(sessionId, pair);
      return pair;
    },
  });
  return { api, customerId: stored.customerId };
}
