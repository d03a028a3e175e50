import { Alert, Loader, Progress, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import clsx from 'clsx';
import type { MouseEvent } from 'react';
import { useFile, type FileRef } from '../../files/use-file.ts';
import { uploadStateText, useUpload } from '../../files/use-upload.ts';
import classes from './ImageViewer.module.css';

/** A thumbnail of a picture: this device's copy or the server's. */
export function Thumbnail({ file, alt }: { file: FileRef; alt: string }) {
  const content = useFile(file);
  if (content.state === 'ready') return <img src={content.src} alt={alt} />;
  if (content.state === 'loading') return <Loader size="xs" m="xs" aria-label="Loading picture" />;
  return <IconPhotoOff size={20} aria-label={`${alt}: not available`} style={{ margin: 12 }} />;
}

/**
 * How far this device's upload of a file is; nothing once the server has it. Over a picture by
 * default, or `inline` in the flow of a section (the waiver card).
 */
export function UploadBar({ sha256, inline = false }: { sha256: string; inline?: boolean }) {
  const upload = useUpload(sha256);
  if (!upload || upload.state === 'finished') return null;
  const text = uploadStateText(upload);
  return (
    <div className={inline ? undefined : classes.upload}>
      <Text size="xs" fw={600} bg="white" px={4} w="fit-content" style={{ borderRadius: 4 }}>
        {text}
      </Text>
      <Progress value={upload.fraction * 100} size="sm" color={upload.state === 'error' ? 'red' : 'blue'} aria-label={text} />
    </div>
  );
}

/** One picture in the viewer's 3:2 frame, zoomed 2x about the point clicked (a click or Zoom). */
export function FramedPicture({
  file,
  alt,
  zoom,
  onToggleZoom,
}: {
  file: FileRef;
  alt: string;
  zoom: { on: boolean; x: number; y: number };
  onToggleZoom(at?: { x: number; y: number }): void;
}) {
  const content = useFile(file);
  const click = (event: MouseEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onToggleZoom({ x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 });
  };
  return (
    <div className={classes.frame}>
      {content.state === 'ready' ? (
        // The zoom is also a button of the toolbar and the + and - keys: the click is a shortcut.
        <img
          src={content.src}
          alt={alt}
          className={clsx(classes.image, zoom.on && classes.zoomed)}
          style={{ transform: zoom.on ? 'scale(2)' : 'scale(1)', transformOrigin: `${zoom.x}% ${zoom.y}%` }}
          onClick={click}
          draggable={false}
        />
      ) : content.state === 'loading' ? (
        <Loader aria-label="Loading picture" />
      ) : (
        <Alert color="gray" icon={<IconPhotoOff size={18} aria-hidden />} m="md">
          {content.message}
        </Alert>
      )}
      <UploadBar sha256={file.sha256} />
    </div>
  );
}
