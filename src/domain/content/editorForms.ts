import { z } from 'zod';
import {
  contentBlockWriteSchema,
  CONTENT_LIMITS,
  pageWriteSchema,
  postWriteSchema,
  promotionWriteSchema,
  sliderItemPatchSchema,
  sliderItemWriteSchema,
} from '../../api/schemas/content.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import type {
  ContentBlockWrite,
  PageWrite,
  PostWrite,
  PromotionWrite,
  SliderItemPatch,
  SliderItemWrite,
} from '../../api/schemas/content.ts';
import { type Locale } from '../../api/schemas/common.ts';

/**
 * The /editor screen's HTML forms turned into the editor API's write bodies, validated by the same
 * zod schemas the content service applies, so an editor sees every mistake next to its field
 * before anything is sent. Field names are the forms' `name` attributes; translated fields are
 * prefixed with the locale (`ru.title`, `uk.title`).
 */

/** What a submitted form offers: `FormData` and `URLSearchParams` both fit. */
export interface FormFields {
  get(name: string): unknown;
}

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

const text = (form: FormFields, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.replace(/\r\n/g, '\n') : '';
};
/** An empty optional field means "none". */
const textOrNull = (form: FormFields, name: string): string | null => {
  const value = text(form, name).trim();
  return value === '' ? null : value;
};
const checked = (form: FormFields, name: string): boolean => form.get(name) !== null && form.get(name) !== undefined;
/** A number field: the number, or the raw text so the schema reports it. */
const integer = (form: FormFields, name: string): number | string => {
  const raw = text(form, name).trim();
  return /^-?\d+$/.test(raw) ? Number(raw) : raw;
};

/** Zod issues keyed by the form field they belong to (`translations.ru.title` → `ru.title`). */
function fieldErrors(error: z.ZodError, fieldOf: (path: readonly PropertyKey[]) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}

const joined = (path: readonly PropertyKey[]): string => path.map(String).join('.') || 'form';
const translated = (path: readonly PropertyKey[]): string =>
  path[0] === 'translations' ? path.slice(1).map(String).join('.') : joined(path);

function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fieldOf: (path: readonly PropertyKey[]) => string = joined,
): FormResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error, fieldOf) };
}

export function blockForm(form: FormFields): FormResult<ContentBlockWrite> {
  return parse(contentBlockWriteSchema, {
    formatName: text(form, 'formatName'),
    contentFormatted: text(form, 'contentFormatted'),
  });
}

export function pageForm(form: FormFields): FormResult<PageWrite> {
  return parse(pageWriteSchema, {
    title: text(form, 'title'),
    content: text(form, 'content'),
    metaTitle: textOrNull(form, 'metaTitle'),
    metaDescription: textOrNull(form, 'metaDescription'),
  });
}

/**
 * Slide props as the editor types them: one `key=value` per line (the value may hold `=`); blank
 * lines are skipped. A line without `=` is kept as a key with no value, which the schema rejects
 * only if the key itself is malformed.
 */
export function parsePropLines(lines: string): { key: string; value: string }[] {
  return lines
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const at = line.indexOf('=');
      return at === -1 ? { key: line, value: '' } : { key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });
}

/** The textarea text for stored props (the inverse of parsePropLines). */
export function formatPropLines(props: readonly { key: string; value: string }[]): string {
  return props.map(({ key, value }) => `${key}=${value}`).join('\n');
}

const slideFields = (form: FormFields) => ({
  ordering: integer(form, 'ordering'),
  isActive: checked(form, 'isActive'),
  title: textOrNull(form, 'title'),
  value: textOrNull(form, 'value'),
  description: textOrNull(form, 'description'),
  props: parsePropLines(text(form, 'props')),
});

export function newSlideForm(form: FormFields): FormResult<SliderItemWrite> {
  return parse(sliderItemWriteSchema, slideFields(form));
}

export function slideForm(form: FormFields): FormResult<SliderItemPatch> {
  return parse(sliderItemPatchSchema, slideFields(form));
}

/** The translations the form fills in: a language is sent only when its title is given. */
function translations<T>(form: FormFields, fields: (prefix: string) => T): Partial<Record<Locale, T>> {
  const result: Partial<Record<Locale, T>> = {};
  for (const locale of localeSchema.options) {
    if (text(form, `${locale}.title`).trim() !== '') result[locale] = fields(`${locale}.`);
  }
  return result;
}

export function postForm(form: FormFields): FormResult<PostWrite> {
  const publishedAt = textOrNull(form, 'publishedAt');
  const image = textOrNull(form, 'image');
  return parse(
    postWriteSchema,
    {
      ...(publishedAt === null ? {} : { publishedAt }),
      ...(image === null ? {} : { image }),
      translations: translations(form, (p) => ({
        title: text(form, `${p}title`),
        preview: text(form, `${p}preview`),
        content: text(form, `${p}content`),
        imageAlt: text(form, `${p}imageAlt`),
        metaTitle: textOrNull(form, `${p}metaTitle`),
        metaDescription: textOrNull(form, `${p}metaDescription`),
      })),
    },
    translated,
  );
}

/** Product ids as typed: separated by commas, spaces or new lines. */
export function parseIdList(value: string): (number | string)[] {
  return value
    .split(/[\s,]+/)
    .filter((id) => id !== '')
    .map((id) => (/^\d+$/.test(id) ? Number(id) : id));
}

export function promotionForm(form: FormFields): FormResult<PromotionWrite> {
  const image = textOrNull(form, 'image');
  return parse(
    promotionWriteSchema,
    {
      ...(image === null ? {} : { image }),
      startsAt: textOrNull(form, 'startsAt'),
      endsAt: textOrNull(form, 'endsAt'),
      isActive: checked(form, 'isActive'),
      ordering: integer(form, 'ordering'),
      filterSlug: textOrNull(form, 'filterSlug'),
      productIds: parseIdList(text(form, 'productIds')),
      translations: translations(form, (p) => ({
        title: text(form, `${p}title`),
        description: text(form, `${p}description`),
        content: text(form, `${p}content`),
      })),
    },
    translated,
  );
}

/** The slider's own title (its slides have their forms). */
export function sliderTitleForm(form: FormFields): FormResult<string> {
  return parse(z.string().trim().max(CONTENT_LIMITS.title), text(form, 'title'), () => 'title');
}

/**
 * The languages a post or promotion change touches: those stored before and those the write
 * gives (a delete, `null`, touches the stored ones).
 */
export function writtenLocales(
  stored: readonly Locale[],
  write: { translations: Partial<Record<Locale, unknown>> } | null,
): Locale[] {
  const given = write ? localeSchema.options.filter((l) => write.translations[l] !== undefined) : [];
  return localeSchema.options.filter((l) => stored.includes(l) || given.includes(l));
}
