import type { TFunction } from 'i18next';
import type { Locale } from '../../api/schemas/common.ts';
import type { EditorIndex } from '../../api/schemas/contentEditor.ts';
import { editorPaths } from './editorPaths.ts';

/** The list on the editor's start screen: everything editable, one table a kind, rows in the editor's words. */

export interface EditorListRow {
  /** The edit screen of the row's thing. */
  href: string;
  label: string;
  cells: string[];
}

export interface EditorListSection {
  /** Names the section's heading (`{id}-heading`). */
  id: string;
  heading: string;
  rows: EditorListRow[];
}

const date = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Kyiv', dateStyle: 'short', timeStyle: 'short' });
/** A service date in the shop's time; one that does not parse is shown as sent. */
const when = (iso: string): string => (Number.isNaN(Date.parse(iso)) ? iso : date.format(Date.parse(iso)));

/** A row of a thing kept per language (slider, block, page): named by slug and language. */
function scopedRow(
  path: (slug: string, locale: Locale) => string,
  item: { slug: string; locale: Locale; updatedAt: string },
  ...cells: string[]
): EditorListRow {
  return {
    href: path(item.slug, item.locale),
    label: `${item.slug} (${item.locale})`,
    cells: [...cells, when(item.updatedAt)],
  };
}

export function editorListSections(index: EditorIndex, t: TFunction): EditorListSection[] {
  const section = (id: 'sliders' | 'blocks' | 'pages' | 'posts' | 'promotions', rows: EditorListRow[]) => ({
    id,
    heading: t(`editor.kinds.${id}`),
    rows,
  });
  const slides = (active: number, all: number) => t('editor.slides', { active, all });
  return [
    section(
      'sliders',
      index.sliders.map((s) => scopedRow(editorPaths.slider, s, s.title, slides(s.activeItems, s.items))),
    ),
    section(
      'blocks',
      index.blocks.map((b) => scopedRow(editorPaths.block, b, b.formatName)),
    ),
    section(
      'pages',
      index.pages.map((p) => scopedRow(editorPaths.page, p, p.title)),
    ),
    section(
      'posts',
      index.posts.map((p) => ({
        href: editorPaths.post(p.group, p.slug),
        label: p.title,
        cells: [
          t(p.group === 1 ? 'editor.kinds.news' : 'editor.kinds.blog'),
          p.locales.join(', '),
          when(p.publishedAt),
        ],
      })),
    ),
    section(
      'promotions',
      index.promotions.map((p) => ({
        href: editorPaths.promotion(p.slug),
        label: p.title,
        cells: [t(p.isActive ? 'editor.active' : 'editor.inactive'), when(p.updatedAt)],
      })),
    ),
  ];
}
