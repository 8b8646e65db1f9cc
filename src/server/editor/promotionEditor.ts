import { promotionChange } from '../../api/contentChanges.ts';
import type { EditorPromotion } from '../../api/schemas/content.ts';
import { promotionForm } from '../../domain/content/editorForms.ts';
import { editorPaths, editorSlugParams } from './editorPaths.ts';
import type { EditModel, EditorRequest } from './editorScreen.ts';
import { recordEditor, touchedLocales } from './recordEditor.ts';

/** `/editor/promotion/{slug}`: dates, activity, the goods it covers, and its text in both languages. */
export type PromotionEditorModel = EditModel<{ slug: string }, EditorPromotion>;

export const promotionEditor = (request: EditorRequest) =>
  recordEditor(request, editorSlugParams, promotionForm, (api, { slug }) => ({
    read: () => api.promotion(slug),
    save: (write) => api.putPromotion(slug, write),
    remove: () => api.deletePromotion(slug),
    change: (write, promotion: EditorPromotion | null) => promotionChange(slug, touchedLocales(promotion, write)),
    self: editorPaths.promotion(slug),
  }));
