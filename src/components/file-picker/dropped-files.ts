/**
 * The files of a drop (part 1 §9: drag-and-drop folder depth 1000): dropped files as they are, and a
 * dropped folder's files, its subfolders' too, down to DROP_FOLDER_DEPTH folders from the drop.
 *
 * The File and Directory Entries API is typed here by the little the walk uses, so that tests can hand
 * it plain objects; the browser's entries have these members.
 */

/** A file is taken when at most this many folders (the dropped one included) lie between it and the drop. */
export const DROP_FOLDER_DEPTH = 1000;

export interface DroppedFileEntry {
  readonly isFile: true;
  readonly isDirectory: false;
  readonly name: string;
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}

export interface DroppedDirectoryReader {
  readEntries(success: (entries: DroppedEntry[]) => void, failure?: (error: unknown) => void): void;
}

export interface DroppedDirectoryEntry {
  readonly isFile: false;
  readonly isDirectory: true;
  readonly name: string;
  createReader(): DroppedDirectoryReader;
}

export type DroppedEntry = DroppedFileEntry | DroppedDirectoryEntry;

/** What a drop event's `dataTransfer` offers (a DataTransfer has these). */
export interface DropData {
  readonly files: ArrayLike<File>;
  readonly items?: ArrayLike<{ readonly kind: string; getAsFile(): File | null; webkitGetAsEntry?: () => unknown }>;
}

/** One dropped thing: an entry to walk, or (where the browser gives no entry) the file itself. */
type Dropped = { entry: DroppedEntry } | { file: File };

/**
 * Reads what was dropped while the drop event lasts: the browser empties `dataTransfer` once its
 * handler returns. Entries where the browser has them (`webkitGetAsEntry`), else `dataTransfer.files`.
 */
export function takeDrop(data: DropData): Dropped[] {
  const items = data.items ? Array.from(data.items).filter((item) => item.kind === 'file') : [];
  if (items.length === 0 || items.some((item) => typeof item.webkitGetAsEntry !== 'function')) {
    return Array.from(data.files, (file) => ({ file }));
  }
  const dropped: Dropped[] = [];
  for (const item of items) {
    const entry = item.webkitGetAsEntry!() as DroppedEntry | null;
    if (entry) dropped.push({ entry });
    else {
      const file = item.getAsFile();
      if (file) dropped.push({ file });
    }
  }
  return dropped.length > 0 ? dropped : Array.from(data.files, (file) => ({ file }));
}

/**
 * The files of a drop, in the order dropped, a folder's in the order its reader lists them (its
 * subfolders' files where they come). Folders deeper than DROP_FOLDER_DEPTH are not read. A file or
 * folder that cannot be read (taken away, no permission) is left out; the rest still count.
 *
 * Call it in the drop handler itself (not after an await): it takes the drop at once (`takeDrop`).
 */
export function droppedFiles(data: DropData, maxDepth: number = DROP_FOLDER_DEPTH): Promise<File[]> {
  return filesOf(takeDrop(data), maxDepth);
}

/** The files of dropped things (see `droppedFiles`). */
export async function filesOf(dropped: readonly Dropped[], maxDepth: number = DROP_FOLDER_DEPTH): Promise<File[]> {
  const files: File[] = [];
  for (const d of dropped) {
    if ('file' in d) files.push(d.file);
    else await collect(d.entry, 0, maxDepth, files);
  }
  return files;
}

/** Adds the files of an entry that lies `depth` folders below the drop. */
async function collect(entry: DroppedEntry, depth: number, maxDepth: number, into: File[]): Promise<void> {
  if (entry.isFile) {
    const file = await fileOf(entry);
    if (file) into.push(file);
    return;
  }
  if (depth >= maxDepth) return;
  for (const child of await readAll(entry)) await collect(child, depth + 1, maxDepth, into);
}

function fileOf(entry: DroppedFileEntry): Promise<File | null> {
  return new Promise((resolve) => entry.file(resolve, () => resolve(null)));
}

/** Every entry of a folder: `readEntries` answers in batches (Chromium: 100 at a time) until an empty one. */
async function readAll(entry: DroppedDirectoryEntry): Promise<DroppedEntry[]> {
  const reader = entry.createReader();
  const all: DroppedEntry[] = [];
  for (;;) {
    const batch = await new Promise<DroppedEntry[] | null>((resolve) => reader.readEntries(resolve, () => resolve(null)));
    if (!batch || batch.length === 0) return all;
    all.push(...batch);
  }
}
