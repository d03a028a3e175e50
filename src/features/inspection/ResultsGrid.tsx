import type { CSSProperties } from 'react';
import { Group, Text } from '@mantine/core';
import { DataGrid, type GridColumn } from '../../components/data-grid/index.ts';
import { PicturesCell } from '../../components/image-viewer/PicturesCell.tsx';
import type { ResultWithPictures } from '../../data/inspections/queries.ts';
import { PassFailIcon } from '../../shared/PassFailIcon.tsx';
import { amendmentText, commentText, resultDisplay, resultDisplayText, resultTypeLabel } from './result-display.ts';

/** Failed rows stand out (part 1 §2): red while failed, amber once fixed on the spot; a bar at the left edge too. */
const FAILED_ROW: CSSProperties = { backgroundColor: 'var(--mantine-color-red-light)', boxShadow: 'inset 4px 0 0 var(--mantine-color-red-7)' };
const FIXED_ROW: CSSProperties = { backgroundColor: 'var(--mantine-color-yellow-light)', boxShadow: 'inset 4px 0 0 var(--mantine-color-yellow-7)' };

const failed = (r: ResultWithPictures) => !r.result.isPassing;

function rowStyle(r: ResultWithPictures): CSSProperties | undefined {
  if (!failed(r)) return undefined;
  return r.isFixed ? FIXED_ROW : FAILED_ROW;
}

function YesNo({ yes, good }: { yes: boolean; good: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <PassFailIcon passing={good} label={null} size={18} />
      <Text size="sm">{yes ? 'Yes' : 'No'}</Text>
    </Group>
  );
}

/** The comment, after who amended the result and when for a result added afterwards. */
function CommentCell({ result }: { result: ResultWithPictures }) {
  const amended = amendmentText(result);
  return (
    <Text size="sm" truncate="end" title={commentText(result)}>
      {amended ? (
        <Text span inherit fw={600} c="orange.9">
          {result.comment ? `${amended}: ` : amended}
        </Text>
      ) : null}
      {result.comment}
    </Text>
  );
}

function ResultCell({ result }: { result: ResultWithPictures }) {
  const display = resultDisplay(result);
  if (display.kind === 'passFail') return <PassFailIcon passing={display.passing} />;
  return (
    <Text size="sm" truncate="end" title={display.text}>
      {display.text}
    </Text>
  );
}

const COLUMNS: GridColumn<ResultWithPictures>[] = [
  { id: 'ruleId', header: 'Rule ID', value: (r) => r.ruleId, filter: 'TEXT', width: 115 },
  { id: 'title', header: 'Rule Title', value: (r) => r.overview?.title ?? null, filter: 'TEXT', width: 200 },
  {
    id: 'passed',
    header: 'Passed?',
    value: (r) => r.result.isPassing,
    cell: (r) => <YesNo yes={r.result.isPassing} good={r.result.isPassing} />,
    filter: 'BOOLEAN',
    width: 105,
  },
  {
    id: 'fixed',
    header: 'Was Fixed?',
    // Only a failed check can be fixed: a passed one leaves the cell empty.
    value: (r) => (failed(r) ? r.isFixed : null),
    cell: (r) => (failed(r) ? <YesNo yes={r.isFixed} good={r.isFixed} /> : null),
    filter: 'BOOLEAN',
    width: 130,
  },
  { id: 'type', header: 'Type', value: resultTypeLabel, filter: 'SET', width: 100 },
  { id: 'description', header: 'Description', value: (r) => r.overview?.description ?? null, filter: 'TEXT', width: 180 },
  { id: 'result', header: 'Result', value: (r) => resultDisplayText(resultDisplay(r)), cell: (r) => <ResultCell result={r} />, filter: 'TEXT', width: 115 },
  {
    id: 'pictures',
    header: 'Image(s)',
    value: (r) => r.pictures.length,
    cell: (r) => (
      <PicturesCell
        pictures={r.pictures.map((p) => ({ id: p.pictureId, sha256: p.sha256, url: p.url, annotation: p.annotation }))}
        subject={r.overview?.title ?? r.ruleId}
        readOnly
      />
    ),
    width: 110,
  },
  { id: 'comment', header: 'Comment', value: commentText, cell: (r) => <CommentCell result={r} />, filter: 'TEXT', width: 240 },
];

/**
 * An inspection's results (part 1 §2 Inspection detail) in the workflow's order, failed rows
 * highlighted; pictures open in the image viewer, read-only.
 */
export function ResultsGrid({ results }: { results: ResultWithPictures[] }) {
  return (
    <DataGrid aria-label="Inspection results" columns={COLUMNS} rows={results} getRowId={(r) => r.resultId} rowStyle={rowStyle} searchPlaceholder="Search results" />
  );
}
