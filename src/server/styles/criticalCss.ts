import Beasties from 'beasties';
import postcss from 'postcss';
import { onlyWideScreens } from './wideScreen.ts';

/** A built stylesheet's text by its URL path (`/_astro/….css`); undefined when there is none. */
export type ReadStylesheet = (href: string) => string | undefined;

/**
 * Beasties (the maintained fork of Google's critters) does the matching: every rule of the linked
 * stylesheets whose selector matches an element of the document is kept (pseudo-classes and
 * pseudo-elements are stripped before matching, so `:hover` and `::before` rules of a shown
 * element come along; media queries are kept whole, so the phone's and the desktop's rules both
 * are), `@font-face` and `@keyframes` only when used. Its own loading strategies are not used:
 * the page is rewritten by inlineCriticalCss.ts, which knows the shop's policy.
 */
/**
 * A selector keyed on state a script sets before or at load: a class or attribute of the root
 * element (`html.x …`, `:root[data-y] …`, `html:not(…)`: the head's scripts) or a data attribute
 * of an ancestor (`[data-catalog-enhanced] …`: an enhancer, at load). No server-rendered markup
 * has it, so no match would keep these rules, yet the first screen shows what they say.
 */
const SCRIPT_STATE = /^(?:html|:root)(?:[.[]|:not\()|^\[data-[\w-]+\][\s>~+]/;

class StylesheetsOfTheBuild extends Beasties {
  readonly #read: ReadStylesheet;
  constructor(read: ReadStylesheet) {
    super({
      external: true,
      pruneSource: false,
      mergeStylesheets: true,
      reduceInlineStyles: false,
      inlineThreshold: 0,
      inlineFonts: false,
      preloadFonts: false,
      fonts: false,
      compress: true,
      logLevel: 'silent',
      allowRules: [SCRIPT_STATE],
    });
    this.#read = read;
  }
  override getCssAsset(href: string): string | undefined {
    return this.#read(href);
  }
}

/**
 * The CSS a narrow screen's first paint uses: the rules of the linked stylesheets that match the
 * document (`firstScreen`, as firstScreen.ts makes it: only what a phone's first paint shows),
 * less those for wide screens only. Empty when it links none.
 */
export async function criticalCss(firstScreen: string, read: ReadStylesheet): Promise<string> {
  // Inline <style> elements of the page stay where they are in the real page: not matched here, so
  // the one <style> of the result is the merged critical rules.
  const document = firstScreen.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
  const output = await new StylesheetsOfTheBuild(read).process(document);
  return narrowScreensOnly(/<style>([\s\S]*?)<\/style>/.exec(output)?.[1] ?? '');
}

/** `css` without its media blocks for wide screens only: a desktop loads the stylesheets themselves (wideScreen.ts). */
function narrowScreensOnly(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules('media', (rule) => {
    if (onlyWideScreens(rule.params)) rule.remove();
  });
  return root.toString();
}
