import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPECULATION_RULES_HASH } from '../../src/components/layout/speculationHash.ts';
import { inlineHashes, withOwnHashes } from '../../src/server/request/ownHashes.ts';

const source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('a public page’s policy with only its own hashes', () => {
  const html =
    '<head><script>one()</script><script type="module" src="/_astro/a.js"></script><style>.a{}</style></head>' +
    '<body><script type="module">two()</script><svg><style>.b{}</style></svg></body>';

  it('hashes the inline scripts and styles a page has, not its files, and keeps what it adds itself', () => {
    const own = inlineHashes(html);
    expect([...own.scripts].sort()).toEqual([source('one()'), source('two()'), `'${SPECULATION_RULES_HASH}'`].sort());
    expect([...own.styles].sort()).toEqual([source('.a{}'), source('.b{}')].sort());
  });

  it('drops the hash sources the page does not use and leaves every other source as it was', () => {
    const policy =
      `default-src 'self'; img-src 'self' data:; script-src 'self' ${source('one()')} ${source('elsewhere()')} ` +
      `'sha384-abc' ${source('two()')}; style-src 'self' ${source('.a{}')} ${source('.z{}')}; frame-ancestors 'none'`;
    expect(withOwnHashes(policy, inlineHashes(html))).toBe(
      `default-src 'self'; img-src 'self' data:; script-src 'self' ${source('one()')} ${source('two()')}; ` +
        `style-src 'self' ${source('.a{}')}; frame-ancestors 'none'`,
    );
  });

  it('never adds a hash the policy did not have: an injected inline script stays blocked', () => {
    const policy = `script-src 'self' ${source('one()')}`;
    expect(withOwnHashes(policy, inlineHashes('<script>evil()</script><script>one()</script>'))).toBe(policy);
  });
});
