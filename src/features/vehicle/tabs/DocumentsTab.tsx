import { useCallback, useState } from 'react';
import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../../../core/schema/common.ts';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_DESCRIPTION_MESSAGE, type Document } from '../../../../core/schema/document.ts';
import { useSession } from '../../../auth/session-context.ts';
import type { GridColumn } from '../../../components/data-grid/index.ts';
import { FileViewerModal } from '../../../components/image-viewer/FileViewerModal.tsx';
import { RecordDialog } from '../../../components/record-tab/RecordDialog.tsx';
import type { FieldErrors, RecordField } from '../../../components/record-tab/fields.ts';
import { RecordTab } from '../../../components/record-tab/RecordTab.tsx';
import { deleteDocument, updateDocument, uploadDocument } from '../../../data/documents/mutators.ts';
import { documentsOfVehicle } from '../../../data/documents/queries.ts';
import { queueChosenFile } from '../../../files/queue-file.ts';
import { formatDateTime } from '../../../shared/fleet-format.ts';
import { useMirror, useMutate } from '../../../sync/react.tsx';
import { useMirrorQuery } from '../../../sync/use-mirror-query.ts';

interface UploadForm {
  files: File[];
  description: string;
}

interface EditForm {
  description: string;
}

const UPLOAD_FIELDS: RecordField<UploadForm>[] = [
  { name: 'files', label: 'Files', kind: 'files', required: true, files: { use: 'document', multiple: true, camera: true } },
  { name: 'description', label: 'Description', kind: 'text', maxLength: DOCUMENT_DESCRIPTION_MAX + 1 },
];
const EDIT_FIELDS: RecordField<EditForm>[] = [{ name: 'description', label: 'Description', kind: 'text', required: true, maxLength: DOCUMENT_DESCRIPTION_MAX + 1 }];

/** Part 1 §5: 50 characters or fewer. */
const descriptionError = (description: string) => (description.trim().length > DOCUMENT_DESCRIPTION_MAX ? DOCUMENT_DESCRIPTION_MESSAGE : undefined);

function validateUpload(form: UploadForm): FieldErrors<UploadForm> {
  return { files: form.files.length > 0 ? undefined : 'Choose a file to upload', description: descriptionError(form.description) };
}

/** Part 1 §5: editing a description needs a changed, non-empty value (the dialog sends only a change). */
function validateEdit(form: EditForm): FieldErrors<EditForm> {
  return { description: form.description.trim() === '' ? 'Description is required' : descriptionError(form.description) };
}

const FILE_TYPES: Record<string, string> = { 'application/pdf': 'PDF', 'image/png': 'PNG image', 'image/jpeg': 'JPEG image' };

/** The vehicle's documents (part 1 §2 Documents, §5, §7 "Documents"): upload, view, describe, delete. */
export function DocumentsTab({ vehicleId, readOnly }: { vehicleId: string; readOnly: boolean }) {
  const rows = useMirrorQuery((db) => documentsOfVehicle(db, vehicleId), [vehicleId]);
  const db = useMirror();
  const mutate = useMutate();
  const { user } = useSession();
  const [viewing, setViewing] = useState<Document | null>(null);

  const columns: GridColumn<Document>[] = [
    {
      id: 'view',
      header: 'View',
      value: (d) => d.filename,
      cell: (d) => (
        <Button size="compact-sm" variant="light" leftSection={<IconEye size={16} aria-hidden />} onClick={() => setViewing(d)} aria-label={`View ${d.filename}`}>
          View
        </Button>
      ),
      width: 110,
    },
    { id: 'description', header: 'Description', value: (d) => d.description ?? d.filename, filter: 'TEXT' },
    { id: 'mimeType', header: 'File Type', value: (d) => d.mimeType, cell: (d) => FILE_TYPES[d.mimeType] ?? d.mimeType, filter: 'SET' },
    { id: 'creator', header: 'Creator', value: (d) => d.creator, filter: 'TEXT' },
    { id: 'creationDate', header: 'Creation Date', value: (d) => d.creationDate, cell: (d) => formatDateTime(d.creationDate), filter: 'DATE_TIME' },
    { id: 'lastModifier', header: 'Last Modifier', value: (d) => d.lastModifier, filter: 'TEXT' },
    {
      id: 'lastModificationDate',
      header: 'Last Modification Date',
      value: (d) => d.lastModificationDate,
      cell: (d) => formatDateTime(d.lastModificationDate),
      filter: 'DATE_TIME',
    },
  ];

  const upload = useCallback(
    (close: () => void) => (
      <RecordDialog<UploadForm>
        title="Upload Documents"
        submitLabel="Upload"
        mode="create"
        fields={UPLOAD_FIELDS}
        initial={{ files: [], description: '' }}
        validate={validateUpload}
        onClose={close}
        onSubmit={async ({ files = [], description = '' }) => {
          // Each file is checked and queued first, so a refused one stops the upload before anything is sent.
          const queued = [];
          for (const file of files) queued.push(await queueChosenFile(db, file, 'document'));
          for (const { sha256, filename } of queued) {
            const fields = { sha256, filename, description: description.trim() || null };
            await mutate(uploadDocument, { parentId: vehicleId, id: nanoid(ID_LENGTH), userId: user.userId, fields });
          }
        }}
      />
    ),
    [db, mutate, user.userId, vehicleId],
  );

  const edit = useCallback(
    (document: Document, close: () => void) => (
      <RecordDialog<EditForm>
        title="Edit Document"
        submitLabel="Update"
        mode="edit"
        fields={EDIT_FIELDS}
        initial={{ description: document.description ?? '' }}
        validate={validateEdit}
        onClose={close}
        onSubmit={async ({ description }) => {
          if (description === undefined) return;
          await mutate(updateDocument, { parentId: vehicleId, id: document.fileId, userId: user.userId, changes: { description } });
        }}
      />
    ),
    [mutate, user.userId, vehicleId],
  );

  return (
    <>
      <RecordTab
        feed="documents"
        label="Documents"
        rows={rows}
        columns={columns}
        getRowId={(d) => d.fileId}
        readOnly={readOnly}
        add={{ label: 'Upload Documents', dialog: upload }}
        edit={{ label: (d) => `Edit ${d.filename}`, dialog: edit }}
        remove={{
          label: (d) => `Delete ${d.filename}`,
          title: 'Delete Document',
          message: (d) => `Are you sure you want to delete ${d.description ?? d.filename}?`,
          onConfirm: (d) => mutate(deleteDocument, { parentId: vehicleId, id: d.fileId }),
        }}
      />
      {viewing ? (
        <FileViewerModal file={{ ...viewing, id: viewing.fileId }} title={viewing.description ?? viewing.filename} onClose={() => setViewing(null)} />
      ) : null}
    </>
  );
}
