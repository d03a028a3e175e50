import { describe, expect, it } from 'vitest';
import { DROP_FOLDER_DEPTH, droppedFiles, type DropData, type DroppedDirectoryEntry, type DroppedEntry, type DroppedFileEntry } from './dropped-files.ts';

const fileEntry = (name: string): DroppedFileEntry => ({
  isFile: true,
  isDirectory: false,
  name,
  file: (success) => success(new File([name], name)),
});

/** A folder whose reader answers in batches of `batch` entries, then an empty batch (as Chromium's does, by 100). */
function folder(name: string, children: DroppedEntry[], batch = 100): DroppedDirectoryEntry & { reads: number } {
  const dir = {
    isFile: false as const,
    isDirectory: true as const,
    name,
    reads: 0,
    createReader() {
      let at = 0;
      return {
        readEntries(success: (entries: DroppedEntry[]) => void) {
          dir.reads++;
          const next = children.slice(at, at + batch);
          at += next.length;
          // Asynchronous, as the browser's reader is.
          queueMicrotask(() => success(next));
        },
      };
    },
  };
  return dir;
}

/** A drop as the browser hands it: items with entries, and `files` (the top-level files only). */
function drop(entries: DroppedEntry[], files: File[] = []): DropData {
  return {
    files,
    items: entries.map((entry) => ({ kind: 'file', getAsFile: () => null, webkitGetAsEntry: () => entry })),
  };
}

const names = (files: File[]) => files.map((f) => f.name);

/** Folders nested `levels` deep (the outer one is level 1), each holding one file named by its level. */
function nested(levels: number): DroppedDirectoryEntry {
  let inner: DroppedDirectoryEntry = folder(`d${levels}`, [fileEntry(`f${levels}`)]);
  for (let level = levels - 1; level >= 1; level--) inner = folder(`d${level}`, [fileEntry(`f${level}`), inner]);
  return inner;
}

describe('droppedFiles', () => {
  it('follows part 1 §9: folders are read down to a depth of 1000', () => {
    expect(DROP_FOLDER_DEPTH).toBe(1000);
  });

  it('takes dropped files as they are', async () => {
    expect(names(await droppedFiles(drop([fileEntry('a.png'), fileEntry('b.pdf')])))).toEqual(['a.png', 'b.pdf']);
  });

  it("takes a dropped folder's files and its subfolders', in the order listed", async () => {
    const tree = folder('photos', [fileEntry('1.jpg'), folder('left', [fileEntry('2.jpg'), folder('tyre', [fileEntry('3.jpg')])]), fileEntry('4.jpg')]);
    expect(names(await droppedFiles(drop([fileEntry('top.png'), tree, folder('empty', [])])))).toEqual(['top.png', '1.jpg', '2.jpg', '3.jpg', '4.jpg']);
  });

  it('reads a folder until its reader answers an empty batch', async () => {
    const children = Array.from({ length: 7 }, (_, i) => fileEntry(`${i}.png`));
    const dir = folder('many', children, 3);
    expect(names(await droppedFiles(drop([dir])))).toEqual(children.map((c) => c.name));
    expect(dir.reads).toBe(4); // 3 + 3 + 1, then the empty batch
  });

  it('reads folders down to the limit, and none deeper', async () => {
    expect(names(await droppedFiles(drop([nested(4)]), 2))).toEqual(['f1', 'f2']);
    expect(names(await droppedFiles(drop([nested(4)]), 0))).toEqual([]);
  });

  it('takes files 1000 folders down, but not 1001', async () => {
    const files = await droppedFiles(drop([nested(1001)]));
    expect(files).toHaveLength(1000);
    expect(files.at(-1)!.name).toBe('f1000');
  });

  it('leaves out what cannot be read and keeps the rest', async () => {
    const gone: DroppedFileEntry = { ...fileEntry('gone.png'), file: (_success, failure) => failure?.(new Error('NotFoundError')) };
    const locked: DroppedDirectoryEntry = {
      isFile: false,
      isDirectory: true,
      name: 'locked',
      createReader: () => ({ readEntries: (_success, failure) => failure?.(new Error('SecurityError')) }),
    };
    expect(names(await droppedFiles(drop([gone, locked, fileEntry('ok.png')])))).toEqual(['ok.png']);
  });

  it('falls back to dataTransfer.files where the browser gives no entries', async () => {
    const files = [new File(['a'], 'a.png'), new File(['b'], 'b.png')];
    expect(names(await droppedFiles({ files }))).toEqual(['a.png', 'b.png']);
    const noEntryApi: DropData = { files, items: files.map((f) => ({ kind: 'file', getAsFile: () => f })) };
    expect(names(await droppedFiles(noEntryApi))).toEqual(['a.png', 'b.png']);
  });

  it('takes an item without an entry as its file, and ignores dragged text', async () => {
    const loose = new File(['x'], 'loose.png');
    const data: DropData = {
      files: [loose],
      items: [
        { kind: 'string', getAsFile: () => null, webkitGetAsEntry: () => null },
        { kind: 'file', getAsFile: () => loose, webkitGetAsEntry: () => null },
        { kind: 'file', getAsFile: () => null, webkitGetAsEntry: () => fileEntry('entry.png') },
      ],
    };
    expect(names(await droppedFiles(data))).toEqual(['loose.png', 'entry.png']);
  });
});
