/**
 * What a `.astro` import is to plain TypeScript. Astro's own checker (`astro check`, the editor's
 * language server) compiles each .astro file and types its import exactly, by its Props; plain
 * TypeScript cannot read .astro files, and type-aware ESLint (typescript-eslint's project service)
 * is plain TypeScript, so without this the component tests' imports are error types there and the
 * no-unsafe-* rules report every use. A wildcard module only answers an import that resolves to
 * no file, so under Astro's checker the real types still win.
 */
declare module '*.astro' {
  const component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default component;
}
