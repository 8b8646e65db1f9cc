import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { z } from 'zod';
import type { Locale } from '../../api/schemas/common.ts';
import type {
  EditorSlider,
  EditorSliderItem,
  Slider,
  SliderItemPatch,
  SliderItemWrite,
  SliderWrite,
} from '../../api/schemas/content.ts';
import { sliderPropSchema } from '../../api/schemas/content.ts';
import { inTransaction } from '../db/database.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';

/**
 * Sliders (spec §7 `slider`) and their slides. The public read shows active slides only; the editor
 * sees every slide with its `isActive`. Any slide change touches the slider's `updated_at`, which the
 * editor's index sorts by.
 */
export interface SliderRepository {
  find(slug: string, locale: Locale): Slider | null;
  forEditor(slug: string, locale: Locale): EditorSlider | null;
  /** Creates or updates; `write.items`, when given, replaces every slide. */
  put(slug: string, locale: Locale, write: SliderWrite, now: string): EditorSlider;
  /** False when there was no such slider. */
  remove(slug: string, locale: Locale): boolean;
  /** Null when there is no such slider. */
  addItem(slug: string, locale: Locale, item: SliderItemWrite, now: string): EditorSliderItem | null;
  /** Null when there is no such slider or no such slide in it. */
  patchItem(slug: string, locale: Locale, id: number, patch: SliderItemPatch, now: string): EditorSliderItem | null;
  /** False when there is no such slider or no such slide in it. */
  removeItem(slug: string, locale: Locale, id: number, now: string): boolean;
}

// Props are stored as JSON text; parsing them back keeps a hand-edited row from reaching the wire unchecked.
const propsSchema = z.array(sliderPropSchema);

function toItem(row: Row): EditorSliderItem {
  return {
    id: num(row, 'id'),
    ordering: num(row, 'ordering'),
    isActive: num(row, 'is_active') === 1,
    title: strOrNull(row, 'title'),
    value: strOrNull(row, 'value'),
    description: strOrNull(row, 'description'),
    props: propsSchema.parse(JSON.parse(str(row, 'props'))),
  };
}

/** A slide's stored columns, in the order the insert and the update name them. */
function itemColumns(item: SliderItemWrite): SQLInputValue[] {
  return [item.ordering, item.isActive ? 1 : 0, item.title, item.value, item.description, JSON.stringify(item.props)];
}

export function createSliderRepository(db: DatabaseSync): SliderRepository {
  const selectSlider = db.prepare('SELECT id, slug, locale, title FROM slider WHERE slug = ? AND locale = ?');
  const selectAllItems = db.prepare(
    `SELECT id, ordering, is_active, title, value, description, props FROM slider_item
     WHERE slider_id = ? ORDER BY ordering, id`,
  );
  const selectItem = db.prepare(
    'SELECT id, ordering, is_active, title, value, description, props FROM slider_item WHERE id = ? AND slider_id = ?',
  );
  const insertSlider = db.prepare(
    'INSERT INTO slider (slug, locale, title, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
  );
  const updateSlider = db.prepare('UPDATE slider SET title = ?, updated_at = ? WHERE id = ?');
  const touchSlider = db.prepare('UPDATE slider SET updated_at = ? WHERE id = ?');
  const removeSlider = db.prepare('DELETE FROM slider WHERE slug = ? AND locale = ?');
  const clearItems = db.prepare('DELETE FROM slider_item WHERE slider_id = ?');
  const insertItem = db.prepare(
    `INSERT INTO slider_item (slider_id, ordering, is_active, title, value, description, props)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const updateItem = db.prepare(
    `UPDATE slider_item SET ordering = ?, is_active = ?, title = ?, value = ?, description = ?, props = ?
     WHERE id = ? AND slider_id = ?`,
  );
  const removeItem = db.prepare('DELETE FROM slider_item WHERE id = ? AND slider_id = ?');

  const sliderRow = (slug: string, locale: Locale): Row | undefined => selectSlider.get(slug, locale);
  const writeItem = (sliderId: number, item: SliderItemWrite): number => {
    const row = insertItem.get(sliderId, ...itemColumns(item));
    if (row === undefined) throw new Error('slider item insert returned nothing');
    return num(row, 'id');
  };
  const forEditor = (slug: string, locale: Locale): EditorSlider | null => {
    const row = sliderRow(slug, locale);
    if (row === undefined) return null;
    return {
      slug,
      locale,
      title: str(row, 'title'),
      items: selectAllItems.all(num(row, 'id')).map(toItem),
    };
  };

  return {
    find: (slug, locale) => {
      const slider = forEditor(slug, locale);
      if (slider === null) return null;
      return {
        slug,
        locale,
        title: slider.title,
        activeSliderItem: slider.items.filter((item) => item.isActive).map(({ isActive: _isActive, ...item }) => item),
      };
    },
    forEditor,
    put: (slug, locale, write, now) =>
      inTransaction(db, () => {
        const existing = sliderRow(slug, locale);
        let id: number;
        if (existing === undefined) {
          const row = insertSlider.get(slug, locale, write.title ?? '', now);
          if (row === undefined) throw new Error('slider insert returned nothing');
          id = num(row, 'id');
        } else {
          id = num(existing, 'id');
          updateSlider.run(write.title ?? str(existing, 'title'), now, id);
        }
        if (write.items !== undefined) {
          clearItems.run(id);
          for (const item of write.items) writeItem(id, item);
        }
        const result = forEditor(slug, locale);
        if (result === null) throw new Error('slider vanished inside its transaction');
        return result;
      }),
    remove: (slug, locale) => Number(removeSlider.run(slug, locale).changes) > 0,
    addItem: (slug, locale, item, now) =>
      inTransaction(db, () => {
        const slider = sliderRow(slug, locale);
        if (slider === undefined) return null;
        const sliderId = num(slider, 'id');
        const id = writeItem(sliderId, item);
        touchSlider.run(now, sliderId);
        const row = selectItem.get(id, sliderId);
        return row === undefined ? null : toItem(row);
      }),
    patchItem: (slug, locale, id, patch, now) =>
      inTransaction(db, () => {
        const slider = sliderRow(slug, locale);
        if (slider === undefined) return null;
        const sliderId = num(slider, 'id');
        const row = selectItem.get(id, sliderId);
        if (row === undefined) return null;
        const current = toItem(row);
        // An absent field keeps its value; null (where allowed) clears it.
        const next = {
          ordering: patch.ordering ?? current.ordering,
          isActive: patch.isActive ?? current.isActive,
          title: patch.title === undefined ? current.title : patch.title,
          value: patch.value === undefined ? current.value : patch.value,
          description: patch.description === undefined ? current.description : patch.description,
          props: patch.props ?? current.props,
        };
        updateItem.run(...itemColumns(next), id, sliderId);
        touchSlider.run(now, sliderId);
        return { id, ...next };
      }),
    removeItem: (slug, locale, id, now) =>
      inTransaction(db, () => {
        const slider = sliderRow(slug, locale);
        if (slider === undefined) return false;
        const sliderId = num(slider, 'id');
        const removed = Number(removeItem.run(id, sliderId).changes) > 0;
        if (removed) touchSlider.run(now, sliderId);
        return removed;
      }),
  };
}
