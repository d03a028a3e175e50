import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil, IconTrash, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { ANNOTATION_MAX } from '../../../core/schema/file.ts';
import { ConfirmDelete } from '../record-tab/ConfirmDelete.tsx';
import { FramedPicture, Thumbnail } from './Picture.tsx';
import classes from './ImageViewer.module.css';

/** A picture as the viewer shows it: its content and its caption (picture annotation). */
export interface ViewerPicture {
  id: string;
  sha256: string;
  url: string;
  annotation: string | null;
  filename?: string | null;
}

export interface ImageViewerProps {
  pictures: readonly ViewerPicture[];
  /** Names the pictures for assistive technology, e.g. 'Pictures of AF1800-12'. */
  label: string;
  initialIndex?: number;
  /** Read-only users see no caption edit and no delete (part 1 §6). */
  readOnly: boolean;
  /** Saves a caption (already trimmed; null clears it); given only when it changed. */
  onCaption?(picture: ViewerPicture, annotation: string | null): Promise<unknown>;
  onDelete?(picture: ViewerPicture): Promise<unknown>;
}

const NO_ZOOM = { on: false, x: 50, y: 50 };

function CaptionEditor({ initial, onSave, onCancel }: { initial: string; onSave(value: string | null): Promise<unknown>; onCancel(): void }) {
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const trimmed = value.trim();
  const changed = trimmed !== initial.trim();
  const save = async () => {
    setSaving(true);
    try {
      await onSave(trimmed === '' ? null : trimmed);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label="Caption"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        maxLength={ANNOTATION_MAX}
        autosize
        minRows={2}
        maxRows={4}
        data-autofocus
        autoFocus
      />
      <Group gap="xs" justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={!changed} loading={saving}>
          Save Caption
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The inline image viewer (part 1 §2, §9): one picture at a time in a 3:2 frame 400 to 900 px wide,
 * zoomed 2x with a 500 ms animation about the point clicked, its caption in up to 3 lines, the other
 * pictures as thumbnails; caption edit and delete for those who may change them. Arrow keys move
 * between pictures, + and - zoom.
 */
export function ImageViewer({ pictures, label, initialIndex = 0, readOnly, onCaption, onDelete }: ImageViewerProps) {
  const [index, setIndex] = useState(Math.min(initialIndex, Math.max(0, pictures.length - 1)));
  const [zoom, setZoom] = useState(NO_ZOOM);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const current = pictures[Math.min(index, pictures.length - 1)];
  if (!current) return <Text c="dimmed">No pictures</Text>;

  const go = (to: number) => {
    setIndex((to + pictures.length) % pictures.length);
    setZoom(NO_ZOOM);
    setEditing(false);
  };
  const toggleZoom = (at?: { x: number; y: number }) => setZoom((z) => (z.on ? NO_ZOOM : { on: true, x: at?.x ?? 50, y: at?.y ?? 50 }));
  const onKeyDown = (event: KeyboardEvent) => {
    if (editing || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === '+' || event.key === '=') setZoom((z) => (z.on ? z : { ...NO_ZOOM, on: true }));
    else if (event.key === '-') setZoom(NO_ZOOM);
    else return;
    event.preventDefault();
  };
  const name = current.filename ?? `Picture ${index + 1}`;
  const alt = current.annotation ? `${name}: ${current.annotation}` : name;

  return (
    <Stack gap="xs" className={classes.viewer} role="group" aria-label={label} onKeyDown={onKeyDown}>
      <FramedPicture file={current} alt={alt} zoom={zoom} onToggleZoom={toggleZoom} />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Previous picture">
            <ActionIcon variant="default" size="lg" aria-label="Previous picture" disabled={pictures.length < 2} onClick={() => go(index - 1)}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" aria-live="polite">
            {index + 1} of {pictures.length}
          </Text>
          <Tooltip label="Next picture">
            <ActionIcon variant="default" size="lg" aria-label="Next picture" disabled={pictures.length < 2} onClick={() => go(index + 1)}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={zoom.on ? 'Zoom out' : 'Zoom in'}>
            <ActionIcon variant="default" size="lg" aria-label={zoom.on ? 'Zoom out' : 'Zoom in'} aria-pressed={zoom.on} onClick={() => toggleZoom()}>
              {zoom.on ? <IconZoomOut size={18} aria-hidden /> : <IconZoomIn size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
        {!readOnly ? (
          <Group gap={4} wrap="nowrap">
            {onCaption ? (
              <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)} disabled={editing}>
                Edit Caption
              </Button>
            ) : null}
            {onDelete ? (
              <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {editing && onCaption ? (
        <CaptionEditor
          key={current.id}
          initial={current.annotation ?? ''}
          onCancel={() => setEditing(false)}
          onSave={async (annotation) => {
            await onCaption(current, annotation);
            setEditing(false);
          }}
        />
      ) : (
        <Text className={classes.caption} title={current.annotation ?? undefined} c={current.annotation ? undefined : 'dimmed'}>
          {current.annotation ?? 'No caption'}
        </Text>
      )}
      {pictures.length > 1 ? (
        <div className={classes.thumbs} role="list" aria-label="All pictures">
          {pictures.map((p, i) => (
            <div key={p.id} role="listitem">
              <button type="button" className={classes.thumb} aria-current={i === index} aria-label={`Show picture ${i + 1}`} onClick={() => go(i)}>
                <Thumbnail file={p} alt="" />
              </button>
            </div>
          ))}
        </div>
      ) : null}
      {confirming && onDelete ? (
        <ConfirmDelete
          title="Delete Picture"
          message={`Are you sure you want to delete ${name}?`}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await onDelete(current);
            if (index >= pictures.length - 1) setIndex(Math.max(0, pictures.length - 2));
          }}
        />
      ) : null}
    </Stack>
  );
}
