import Validator from '@adobe/structured-data-validator';
import { z } from 'zod';

/**
 * Issue 28: the page's JSON-LD through a validator nobody here wrote, Adobe's
 * @adobe/structured-data-validator, which applies Google's rich-result rules per type (Product,
 * Offer, shipping and return policy, BreadcrumbList, ItemList, Organization, Review …). Run without
 * the schema.org vocabulary (it would be fetched from the network), so it checks Google's
 * requirements, not the vocabulary. `tests/e2e/structuredData.spec.ts` runs it over one page of
 * each kind in both languages.
 */

const issueSchema = z.object({
  rootType: z.string(),
  issueMessage: z.string(),
  severity: z.enum(['ERROR', 'WARNING']),
});
export type StructuredDataIssue = z.infer<typeof issueSchema>;

/** Rules the shop does not follow, each with its reason (docs/decisions.md, "Structured data validated"). */
export const STRUCTURED_DATA_IGNORED: { rootType: string; message: RegExp; why: string }[] = [
  {
    rootType: 'ItemList',
    message: /Required attribute "name" is missing or Required attribute "item\.name" is missing/,
    why:
      'a listing’s ItemList is Google’s “summary page” carousel form: each ListItem has a position and ' +
      'the URL of a page with its own Product data, which is what Google’s carousel guide asks; the ' +
      'validator applies the breadcrumb ListItem’s `name` rule to every ListItem',
  },
];

const jsonLdItem = z.looseObject({ '@type': z.string() });

/** The JSON-LD items of a page's HTML, by type, in the shape the validator reads. */
function jsonLdOf(html: string): Record<string, unknown[]> {
  const byType: Record<string, unknown[]> = {};
  for (const match of html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)) {
    const parsed: unknown = JSON.parse(match[1] ?? 'null');
    for (const item of z
      .array(jsonLdItem)
      .or(jsonLdItem.transform((one) => [one]))
      .parse(parsed)) {
      (byType[item['@type']] ??= []).push(item);
    }
  }
  return byType;
}

/** The validator's findings on a page, less the ignored ones; `types` names what the page carries. */
export async function structuredDataIssues(
  html: string,
): Promise<{ types: string[]; errors: StructuredDataIssue[]; warnings: StructuredDataIssue[] }> {
  const jsonld = jsonLdOf(html);
  const issues = z.array(issueSchema).parse(await new Validator().validate({ jsonld }));
  const kept = issues.filter(
    (issue) =>
      !STRUCTURED_DATA_IGNORED.some(
        (rule) => rule.rootType === issue.rootType && rule.message.test(issue.issueMessage),
      ),
  );
  return {
    types: Object.keys(jsonld),
    errors: kept.filter((issue) => issue.severity === 'ERROR'),
    warnings: kept.filter((issue) => issue.severity === 'WARNING'),
  };
}
