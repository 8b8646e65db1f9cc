import { contentBlockChange } from '../../api/contentChanges.ts';
import type { ContentBlock } from '../../api/schemas/content.ts';
import { blockForm } from '../../domain/content/editorForms.ts';
import { editorPaths, editorScopedParams } from './editorPaths.ts';
import type { EditorScopedParams } from './editorPaths.ts';
import type { EditModel, EditorRequest } from './editorScreen.ts';
import { recordEditor } from './recordEditor.ts';

/** `/editor/block/{slug}/{locale}`: one content block in one language, its format and body (HTML or JSON text). */
export type BlockEditorModel = EditModel<EditorScopedParams, ContentBlock>;

export const blockEditor = (request: EditorRequest) =>
  recordEditor(request, editorScopedParams, blockForm, (api, { slug, locale }) => ({
    read: () => api.block(slug, locale),
    save: (write) => api.putBlock(slug, locale, write),
    remove: () => api.deleteBlock(slug, locale),
    change: () => contentBlockChange(slug, locale),
    self: editorPaths.block(slug, locale),
  }));
