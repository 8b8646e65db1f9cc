/**
 * Security headers shared by Astro's CSP config and the HTTP launcher, so pages, static assets and
 * the embedded services all answer with the same policy. Astro adds script-src/style-src hashes for
 * its own inline scripts; everything else is listed here.
 */
export const cspDirectives = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
] as const;

/** Policy for responses Astro does not render (static files, service JSON, images). */
export const fallbackCsp = [...cspDirectives, "script-src 'self'", "style-src 'self' 'unsafe-inline'"].join('; ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers every response carries; HSTS only when the request came over HTTPS (directly or via a proxy). */
export function baseSecurityHeaders(isHttps: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  };
  if (isHttps) headers['Strict-Transport-Security'] = HSTS;
  return headers;
}
