/**
 * The primitives of the AF1800 geometry: PDF points, origin bottom left, US Letter portrait. Layouts
 * are written as a person reads them (a top edge measured down the page) and converted once here.
 */
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;
export const MARGIN = 36;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Space kept between a box's side and its text: a value never touches the printed rule. */
export const TEXT_PAD = 2;
/** Height of the band at the top of a labelled cell that holds the printed label. */
export const LABEL_BAND = 8;
/** Where each page's title starts, and the height of the labelled header cells below it. */
export const TITLE_TOP = 38;
export const HEADER_CELL_HEIGHT = 26;

export type Af1800PageNo = 1 | 2 | 3;
export type FieldKind = 'text' | 'check';
export type FieldAlign = 'left' | 'center' | 'right';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Af1800Field extends Box {
  id: string;
  page: Af1800PageNo;
  /** The widest a value may print: the box less TEXT_PAD on each side. */
  maxWidth: number;
  align: FieldAlign;
  kind: FieldKind;
}

export function boxFromTop(x: number, top: number, width: number, height: number): Box {
  return { x, y: PAGE_HEIGHT - top - height, width, height };
}

/** The top edge of a box, measured down from the top of the page. */
export const topOf = (box: Box) => PAGE_HEIGHT - box.y - box.height;

/** The value area of a cell: inside its rules, below the label band when it has one. */
export function valueBox(cell: Box, labelled: boolean): Box {
  return { x: cell.x + 1, y: cell.y + 1, width: cell.width - 2, height: cell.height - 2 - (labelled ? LABEL_BAND - 1 : 0) };
}

export function field(id: string, page: Af1800PageNo, box: Box, align: FieldAlign, kind: FieldKind = 'text'): Af1800Field {
  return { id, page, ...box, maxWidth: box.width - 2 * TEXT_PAD, align, kind };
}

export interface CellSpec {
  key: string;
  width: number;
  align: FieldAlign;
}
/** A printed cell with a label band on top and one field below it. */
export interface LabelledCell extends CellSpec {
  fieldId: string;
  box: Box;
}

/** Cells side by side from `x`, each as wide as its spec; field ids are `p{page}.{prefix}{key}`. */
export function cellRow(page: Af1800PageNo, prefix: string, x: number, top: number, height: number, specs: readonly CellSpec[]): LabelledCell[] {
  let left = x;
  return specs.map((spec) => {
    const cell = { ...spec, fieldId: `p${page}.${prefix}${spec.key}`, box: boxFromTop(left, top, spec.width, height) };
    left += spec.width;
    return cell;
  });
}

/** Left-aligned cells that share the content width equally. */
export function evenCells(keys: readonly string[], width = CONTENT_WIDTH): CellSpec[] {
  return keys.map((key) => ({ key, width: width / keys.length, align: 'left' }));
}

export function labelledFields(page: Af1800PageNo, cells: readonly LabelledCell[]): Af1800Field[] {
  return cells.map((c) => field(c.fieldId, page, valueBox(c.box, true), c.align));
}

export const two = (n: number) => String(n).padStart(2, '0');
