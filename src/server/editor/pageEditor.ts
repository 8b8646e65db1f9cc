import { pageChange } from '../../api/contentChanges.ts';
import type { ContentPage } from '../../api/schemas/content.ts';
import { pageForm } from '../../domain/content/editorForms.ts';
import { editorPaths, editorScopedParams } from './editorPaths.ts';
import type { EditorScopedParams } from './editorPaths.ts';
import type { EditModel, EditorRequest } from './editorScreen.ts';
import { recordEditor } from './recordEditor.ts';

/** `/editor/page/{slug}/{locale}`: one info page (bonus-rules, delivery …) in one language. */
export type PageEditorModel = EditModel<EditorScopedParams, ContentPage>;

export const pageEditor = (request: EditorRequest) =>
  recordEditor(request, editorScopedParams, pageForm, (api, { slug, locale }) => ({
    read: () => api.page(slug, locale),
    save: (write) => api.putPage(slug, locale, write),
    remove: () => api.deletePage(slug, locale),
    change: () => pageChange(slug, locale),
    self: editorPaths.page(slug, locale),
  }));
