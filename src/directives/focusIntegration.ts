import type { AstroIntegration } from 'astro';

/** Registers the `client:focus` hydration directive (src/directives/focus.ts). */
export function focusDirective(): AstroIntegration {
  return {
    name: 'bbs:client-focus',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'focus', entrypoint: './src/directives/focus.ts' });
      },
    },
  };
}
