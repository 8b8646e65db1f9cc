import { postChange } from '../../api/contentChanges.ts';
import type { EditorPost } from '../../api/schemas/content.ts';
import { postForm } from '../../domain/content/editorForms.ts';
import { editorPaths, editorPostParams } from './editorPaths.ts';
import type { EditModel, EditorRequest } from './editorScreen.ts';
import { recordEditor, touchedLocales } from './recordEditor.ts';

/**
 * `/editor/post/{blog|news}/{slug}`: a blog post or news item, both languages on one form (a
 * language is kept when its title is filled in).
 */
export type PostEditorModel = EditModel<{ group: 0 | 1; slug: string }, EditorPost>;

export const postEditor = (request: EditorRequest) =>
  recordEditor(request, editorPostParams, postForm, (api, { group, slug }) => ({
    read: () => api.post(group, slug),
    save: (write) => api.putPost(group, slug, write),
    remove: () => api.deletePost(group, slug),
    change: (write, post: EditorPost | null) => postChange(group, slug, touchedLocales(post, write)),
    self: editorPaths.post(group, slug),
  }));
