import { useMemo, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, NumberInput, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconDownload, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { Document, Page, PasswordResponses, pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import { downloadBlob } from '../download-file.ts';
import { PasswordPrompt } from './PasswordPrompt.tsx';
import { DEFAULT_PDF_SCALE, PDF_SCALE_MAX, PDF_SCALE_MIN, PDF_SCALE_STEP, PDF_TEXTS } from './pdf-texts.ts';
import classes from './PdfViewer.module.css';

// A bundled, precached worker: the viewer opens PDFs offline like every other screen.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerProps {
  /** The document; null shows 'No PDF file specified.' */
  data: Uint8Array | null;
  /** The download's name, '.pdf' included. */
  fileName: string;
}

interface PasswordRequest {
  answer(password: string): void;
  retry: boolean;
}

function Message({ text, error }: { text: string; error?: boolean }) {
  return error ? (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} m="md">
      {text}
    </Alert>
  ) : (
    <Group gap="xs" p="md">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/**
 * The PDF viewer (react-pdf on pdf.js): one page at a time with page and zoom controls, the text
 * layer on (so the text can be selected and found), and Download. Part 1 §8 gives its texts.
 */
export function PdfViewer({ data, fileName }: PdfViewerProps) {
  // pdf.js takes its input's buffer to its worker: hand it a copy, keep the original for Download.
  const file = useMemo(() => (data ? { data: data.slice() } : null), [data]);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(DEFAULT_PDF_SCALE);
  const [password, setPassword] = useState<PasswordRequest | null>(null);

  const go = (to: number) => setPage(Math.min(Math.max(1, to), Math.max(1, pages)));
  const zoom = (by: number) => setScale((s) => Math.min(PDF_SCALE_MAX, Math.max(PDF_SCALE_MIN, Math.round((s + by) * 100) / 100)));
  const download = () => {
    if (data) downloadBlob(new Blob([data.slice().buffer as ArrayBuffer], { type: 'application/pdf' }), fileName);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'PageDown' || event.key === 'ArrowRight') go(page + 1);
    else if (event.key === 'PageUp' || event.key === 'ArrowLeft') go(page - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className={classes.root}>
      <Group justify="space-between" gap="xs" className={classes.toolbar}>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" aria-label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm">Page</Text>
          <NumberInput
            aria-label="Page number"
            size="xs"
            w={64}
            min={1}
            max={Math.max(1, pages)}
            value={page}
            hideControls
            onChange={(value) => typeof value === 'number' && go(value)}
          />
          <Text size="sm" aria-live="polite">
            of {pages || '…'}
          </Text>
          <ActionIcon variant="default" aria-label="Next page" disabled={page >= pages} onClick={() => go(page + 1)}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" aria-label="Zoom out" disabled={scale <= PDF_SCALE_MIN} onClick={() => zoom(-PDF_SCALE_STEP)}>
            <IconZoomOut size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" w={48} ta="center">
            {Math.round(scale * 100)}%
          </Text>
          <ActionIcon variant="default" aria-label="Zoom in" disabled={scale >= PDF_SCALE_MAX} onClick={() => zoom(PDF_SCALE_STEP)}>
            <IconZoomIn size={18} aria-hidden />
          </ActionIcon>
          <Button size="xs" leftSection={<IconDownload size={16} aria-hidden />} disabled={!data} onClick={download}>
            Download
          </Button>
        </Group>
      </Group>
      <div className={classes.pages} tabIndex={0} role="region" aria-label="PDF document" onKeyDown={onKeyDown}>
        {password ? (
          <PasswordPrompt
            retry={password.retry}
            onSubmit={(value) => {
              password.answer(value);
              setPassword(null);
            }}
          />
        ) : null}
        <Document
          // The spec's texts show while loading and on failure, rather than suspending the modal.
          suspense={false}
          file={file}
          loading={<Message text={PDF_TEXTS.loading} />}
          error={<Message text={PDF_TEXTS.loadFailed} error />}
          noData={<Message text={PDF_TEXTS.noFile} error />}
          onLoadSuccess={(pdf) => {
            setPages(pdf.numPages);
            setPage(1);
          }}
          onPassword={(answer, reason) => setPassword({ answer, retry: reason === PasswordResponses.INCORRECT_PASSWORD })}
        >
          <Page
            suspense={false}
            className={classes.page}
            pageNumber={page}
            scale={scale}
            loading={<Message text={PDF_TEXTS.loading} />}
            error={<Message text={PDF_TEXTS.pageFailed} error />}
          />
        </Document>
      </div>
    </div>
  );
}
