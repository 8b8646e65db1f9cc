// A module (note the export) so this augments Astro's types instead of replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, pointer or touch inside the island (src/directives/focus.ts). */
    'client:focus'?: boolean;
  }
}
