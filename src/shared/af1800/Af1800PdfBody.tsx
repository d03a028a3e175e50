import { lazy, Suspense } from 'react';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PDF_TEXTS } from '../../components/pdf-viewer/pdf-texts.ts';
import type { Af1800PdfState } from './use-af1800-pdf.ts';

// pdf.js is large: it loads with the first PDF, not with the app (the service worker precaches it).
const PdfViewer = lazy(() => import('../../components/pdf-viewer/PdfViewer.tsx').then((m) => ({ default: m.PdfViewer })));

export const NO_REPORT_INFORMATION = 'No report information for this month.';

function Working({ text }: { text: string }) {
  return (
    <Group gap="sm" p="md" role="status">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/** What an AF1800 modal shows while the forms are collected and drawn, and then the PDF. */
export function Af1800PdfBody({ state, fileName }: { state: Af1800PdfState; fileName: string }) {
  switch (state.stage) {
    case 'collecting':
      return <Working text="Collecting the month's records…" />;
    case 'drawing':
      return <Working text={state.vehicles === 1 ? 'Drawing the form…' : `Drawing the forms of ${state.vehicles} vehicles…`} />;
    case 'empty':
      return (
        <Text p="md" fw={500}>
          {NO_REPORT_INFORMATION}
        </Text>
      );
    case 'failed':
      return (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} m="md">
          {state.message}
        </Alert>
      );
    case 'ready':
      return (
        <Suspense fallback={<Working text={PDF_TEXTS.loading} />}>
          <PdfViewer data={state.data} fileName={fileName} />
        </Suspense>
      );
  }
}
