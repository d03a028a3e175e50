import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { qrModules } from '../../../core/qr/qr-matrix.ts';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): a QR code carrying
 * `text`, black on white with its quiet zone, as a phone held to a vehicle's label sees it. Y4M
 * (planar YUV 4:2:0): the luma plane draws the code, the chroma planes stay neutral grey.
 */
export function qrVideoFile(text: string): string {
  const modules = qrModules(text);
  const unit = Math.floor((HEIGHT * 0.8) / (modules.length + 8));
  const side = unit * modules.length;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) if (modules[Math.floor(y / unit)]![Math.floor(x / unit)]) luma[(top + y) * WIDTH + left + x] = 16;
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-camera-')), 'label.y4m');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

/** The switches that give Chromium a camera showing the file, allowed without a prompt. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];
