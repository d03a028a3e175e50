import { useMemo } from 'react';
import { Alert, Center, Loader, Modal } from '@mantine/core';
import { useFile, type FileRef } from '../../files/use-file.ts';
import { PdfViewer } from '../pdf-viewer/PdfViewer.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { useBytes } from './use-bytes.ts';

export interface ViewedFile extends FileRef {
  id: string;
  filename: string | null;
  mimeType: string;
}

function PdfOf({ file }: { file: ViewedFile }) {
  const content = useFile(file);
  const bytes = useBytes(content.state === 'ready' ? content.blob : null);
  if (content.state === 'error') return <Alert color="red">{content.message}</Alert>;
  if (content.state === 'loading' || !bytes)
    return (
      <Center p="xl">
        <Loader aria-label="Loading file" />
      </Center>
    );
  return <PdfViewer data={bytes} fileName={file.filename ?? 'document.pdf'} />;
}

/** A document or a waiver card opened from its row: a PDF in the PDF viewer, an image in the image viewer. */
export function FileViewerModal({ file, title, onClose }: { file: ViewedFile; title: string; onClose(): void }) {
  const pictures = useMemo(() => [{ id: file.id, sha256: file.sha256, url: file.url, annotation: null, filename: file.filename }], [file]);
  return (
    <Modal opened onClose={onClose} title={title} size={file.mimeType === 'application/pdf' ? 'xl' : 'lg'} closeButtonProps={{ 'aria-label': 'Close' }}>
      {file.mimeType === 'application/pdf' ? <PdfOf file={file} /> : <ImageViewer pictures={pictures} label={title} readOnly />}
    </Modal>
  );
}
