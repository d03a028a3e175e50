// @vitest-environment jsdom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { mantineDom } from '../../sync/testing/mantine-dom.ts';
import type { DroppedDirectoryEntry, DroppedEntry, DroppedFileEntry } from './dropped-files.ts';
import { FilePicker } from './FilePicker.tsx';

const { render } = mantineDom();

const fileEntry = (name: string): DroppedFileEntry => ({ isFile: true, isDirectory: false, name, file: (ok) => ok(new File([name], name)) });
const folder = (name: string, children: DroppedEntry[]): DroppedDirectoryEntry => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader: () => {
    let read = false;
    return {
      readEntries: (ok) => {
        const batch = read ? [] : children;
        read = true;
        setTimeout(() => ok(batch), 0);
      },
    };
  },
});

/** Drops onto the zone what a browser hands over: an entry per item, and `files` (emptied once the handler returns). */
function dropOn(zone: HTMLElement, entries: DroppedEntry[]): void {
  const files: File[] = [];
  const dataTransfer = { files, items: entries.map((entry) => ({ kind: 'file', getAsFile: () => null, webkitGetAsEntry: () => entry })) };
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
  act(() => {
    zone.dispatchEvent(event);
  });
  dataTransfer.items = [];
}

describe('FilePicker', () => {
  it("takes a dropped folder's files, after the files already chosen", async () => {
    const chosen: File[][] = [];
    const before = new File(['x'], 'before.png');
    const host = render(
      createElement(FilePicker, { label: 'Add Pictures', use: 'picture', multiple: true, value: [before], onChange: (files: File[]) => chosen.push(files) }),
    );
    dropOn(host.querySelector<HTMLElement>('[data-testid="file-drop-zone"]')!, [folder('photos', [fileEntry('1.jpg'), folder('tyres', [fileEntry('2.jpg')])])]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(chosen.map((files) => files.map((f) => f.name))).toEqual([['before.png', '1.jpg', '2.jpg']]);
  });
});
