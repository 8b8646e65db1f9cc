import { z } from 'zod';
import { isApiError } from './apiError.ts';
import { PROJECT_CODE } from './config.ts';
import { createHttpClient, encodePath } from './http.ts';
import type { HttpClient, HttpMethod } from './http.ts';
import type { ServiceBaseUrls } from './config.ts';
import {
  contentBlockSchema,
  editorPostSchema,
  editorPromotionSchema,
  editorSliderItemSchema,
  editorSliderSchema,
  pageSchema,
} from './schemas/content.ts';
import type {
  ContentBlock,
  ContentBlockWrite,
  ContentPage,
  EditorPost,
  EditorPromotion,
  EditorSlider,
  EditorSliderItem,
  PageWrite,
  PostGroup,
  PostWrite,
  PromotionWrite,
  SliderItemPatch,
  SliderItemWrite,
} from './schemas/content.ts';
import { type Locale } from './schemas/common.ts';
import { editorIndexSchema } from './schemas/contentEditor.ts';
import type { EditorIndex } from './schemas/contentEditor.ts';
import { isNoData } from './content.ts';

/**
 * The content service's editor API (`/admin/...`, see src/services/content/editorApi.ts), called
 * by the /editor screen with the editor's own token. Reads answer null only for the service's own
 * "no such thing" (a 404 with its `{code: 404}` body); every other failure is an ApiError (401: the
 * token is no longer valid), which the editor must never take for "new" (the service's PUT creates
 * or replaces without a precondition; see src/server/editor/storedState.ts).
 */
export interface ContentEditorApi {
  index(): Promise<EditorIndex>;
  block(slug: string, locale: Locale): Promise<ContentBlock | null>;
  putBlock(slug: string, locale: Locale, write: ContentBlockWrite): Promise<ContentBlock>;
  deleteBlock(slug: string, locale: Locale): Promise<void>;
  page(slug: string, locale: Locale): Promise<ContentPage | null>;
  putPage(slug: string, locale: Locale, write: PageWrite): Promise<ContentPage>;
  deletePage(slug: string, locale: Locale): Promise<void>;
  slider(slug: string, locale: Locale): Promise<EditorSlider | null>;
  putSliderTitle(slug: string, locale: Locale, title: string): Promise<EditorSlider>;
  addSlide(slug: string, locale: Locale, item: SliderItemWrite): Promise<EditorSliderItem>;
  patchSlide(slug: string, locale: Locale, id: number, patch: SliderItemPatch): Promise<EditorSliderItem>;
  deleteSlide(slug: string, locale: Locale, id: number): Promise<void>;
  post(group: PostGroup, slug: string): Promise<EditorPost | null>;
  putPost(group: PostGroup, slug: string, write: PostWrite): Promise<EditorPost>;
  deletePost(group: PostGroup, slug: string): Promise<void>;
  promotion(slug: string): Promise<EditorPromotion | null>;
  putPromotion(slug: string, write: PromotionWrite): Promise<EditorPromotion>;
  deletePromotion(slug: string): Promise<void>;
}

/** True when the service refused the editor's token. */
export function isTokenRefused(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 401;
}

const postBase = (group: PostGroup): string => (group === 1 ? 'blog-news' : 'blog');
const nothing = z.unknown().transform(() => undefined);

export interface ContentEditorApiOptions {
  /** Per-call timeout; the transport's default when unset. */
  timeoutMs?: number;
}

/** An editor client acting with `token` (never refreshed: a CMS token is not a session). */
export function createContentEditorApi(
  baseUrls: ServiceBaseUrls,
  token: string,
  options: ContentEditorApiOptions = {},
): ContentEditorApi {
  const client: HttpClient = createHttpClient({
    baseUrls,
    locale: 'ru',
    tokens: { get: () => ({ token, refreshToken: null }), set: () => undefined },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const call = <S extends z.ZodType>(method: HttpMethod, path: string, schema: S, body?: unknown) =>
    client.request({
      service: 'content',
      method,
      path,
      schema,
      auth: true,
      ...(body === undefined ? {} : { body }),
    });
  const read = async <S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> => {
    try {
      return await call('GET', path, schema);
    } catch (error) {
      if (isNoData(error)) return null;
      throw error;
    }
  };
  const p = PROJECT_CODE;
  const block = (slug: string, locale: Locale) => encodePath`/admin/content-block/${p}/${slug}/${locale}`;
  const page = (slug: string, locale: Locale) => encodePath`/admin/page/${p}/${slug}/${locale}`;
  const slider = (slug: string, locale: Locale) => encodePath`/admin/slider/${p}/${slug}/${locale}`;
  const post = (group: PostGroup, slug: string) => `/admin/${postBase(group)}${encodePath`/${p}/${slug}`}`;
  const promotion = (slug: string) => encodePath`/admin/promotion/${p}/${slug}`;

  return {
    index: () => call('GET', encodePath`/admin/index/${p}`, editorIndexSchema),
    block: (slug, locale) => read(block(slug, locale), contentBlockSchema),
    putBlock: (slug, locale, write) => call('PUT', block(slug, locale), contentBlockSchema, write),
    deleteBlock: (slug, locale) => call('DELETE', block(slug, locale), nothing),
    page: (slug, locale) => read(page(slug, locale), pageSchema),
    putPage: (slug, locale, write) => call('PUT', page(slug, locale), pageSchema, write),
    deletePage: (slug, locale) => call('DELETE', page(slug, locale), nothing),
    slider: (slug, locale) => read(slider(slug, locale), editorSliderSchema),
    putSliderTitle: (slug, locale, title) => call('PUT', slider(slug, locale), editorSliderSchema, { title }),
    addSlide: (slug, locale, item) => call('POST', `${slider(slug, locale)}/item`, editorSliderItemSchema, item),
    patchSlide: (slug, locale, id, patch) =>
      call('PUT', `${slider(slug, locale)}/item/${id}`, editorSliderItemSchema, patch),
    deleteSlide: (slug, locale, id) => call('DELETE', `${slider(slug, locale)}/item/${id}`, nothing),
    post: (group, slug) => read(post(group, slug), editorPostSchema),
    putPost: (group, slug, write) => call('PUT', post(group, slug), editorPostSchema, write),
    deletePost: (group, slug) => call('DELETE', post(group, slug), nothing),
    promotion: (slug) => read(promotion(slug), editorPromotionSchema),
    putPromotion: (slug, write) => call('PUT', promotion(slug), editorPromotionSchema, write),
    deletePromotion: (slug) => call('DELETE', promotion(slug), nothing),
  };
}
