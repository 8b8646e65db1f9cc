import { describe, expect, it } from 'vitest';
import { withProviderOrigin } from '../../src/server/request/captchaCsp.ts';

describe('withProviderOrigin', () => {
  it('adds the bot-check provider to script-src and frame-src, keeping everything else', () => {
    const policy = "default-src 'self';img-src 'self' data:; script-src 'self' 'sha256-abc='; style-src 'self'";
    expect(withProviderOrigin(policy, 'https://challenges.cloudflare.com')).toBe(
      "default-src 'self'; img-src 'self' data:; script-src 'self' 'sha256-abc=' https://challenges.cloudflare.com; " +
        "style-src 'self'; frame-src 'self' https://challenges.cloudflare.com",
    );
  });

  it('adds it once, and makes script-src when the policy has none', () => {
    const once = withProviderOrigin("default-src 'self'", 'https://p.example');
    expect(once).toBe("default-src 'self'; script-src 'self' https://p.example; frame-src 'self' https://p.example");
    expect(withProviderOrigin(once, 'https://p.example')).toBe(once);
  });
});
