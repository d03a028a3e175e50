import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button, CloseButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconCamera, IconFileUpload } from '@tabler/icons-react';
import clsx from 'clsx';
import { ACCEPT_ATTRIBUTE, type FileUse } from '../../../core/rules/file-type.ts';
import { droppedFiles } from './dropped-files.ts';
import classes from './FilePicker.module.css';
import { sizeText } from '../../files/size-text.ts';

export interface FilePickerProps {
  label: string;
  use: FileUse;
  multiple?: boolean;
  /** Offer 'Take Photo' (the tablet's camera through `capture`) besides choosing a file. */
  camera?: boolean;
  required?: boolean;
  value: readonly File[];
  onChange(files: File[]): void;
  error?: string;
}

/**
 * Chooses files for an upload: a drop zone (files, or folders with their files down to 1000 folders
 * deep, dragged onto it: `dropped-files.ts`), 'Choose File' and, for pictures on a tablet, 'Take
 * Photo'. The chosen files are listed with their size and can be taken out again; nothing is uploaded
 * until the form is submitted (part 1 §5).
 */
export function FilePicker({ label, use, multiple = false, camera = false, required = false, value, onChange, error }: FilePickerProps) {
  const id = useId();
  const chooser = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // A folder's files arrive after the drop: they join the files chosen by then.
  const chosen = useRef(value);
  useEffect(() => {
    chosen.current = value;
  }, [value]);
  const add = (files: ArrayLike<File> | null) => {
    const list = Array.from(files ?? []);
    if (list.length === 0) return;
    onChange(multiple ? [...chosen.current, ...list] : list.slice(0, 1));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    // Taken now, while the drop lasts; a folder's files are read after.
    void droppedFiles(event.dataTransfer).then(add);
  };
  const errorId = `${id}-error`;
  const noun = use === 'picture' ? (multiple ? 'Images' : 'Image') : multiple ? 'Files' : 'File';

  return (
    <Input.Wrapper label={label} required={required} error={error} errorProps={{ id: errorId }} id={`${id}-label`}>
      <div
        className={clsx(classes.zone, over && classes.over, error && classes.invalid)}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="file-drop-zone"
      >
        <Stack gap="xs">
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileUpload size={18} aria-hidden />}
              onClick={() => chooser.current?.click()}
              aria-describedby={error ? errorId : undefined}
            >
              Choose {noun}
            </Button>
            {camera ? (
              <Button variant="default" leftSection={<IconCamera size={18} aria-hidden />} onClick={() => cameraInput.current?.click()}>
                Take Photo
              </Button>
            ) : null}
            <Text size="sm" c="dimmed">
              or drop {multiple ? 'them' : 'it'} here
            </Text>
          </Group>
          {value.length > 0 ? (
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Chosen ${noun.toLowerCase()}`}>
              {value.map((file, index) => (
                <Group component="li" key={`${file.name}-${index}`} gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name}{' '}
                    <Text span c="dimmed" size="sm">
                      ({sizeText(file.size)})
                    </Text>
                  </Text>
                  <CloseButton aria-label={`Remove ${file.name}`} onClick={() => onChange(value.filter((_, i) => i !== index))} />
                </Group>
              ))}
            </Stack>
          ) : null}
        </Stack>
        <input
          ref={chooser}
          className={classes.hidden}
          type="file"
          accept={ACCEPT_ATTRIBUTE[use]}
          multiple={multiple}
          aria-label={`Choose ${noun.toLowerCase()}`}
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        {camera ? (
          <input
            ref={cameraInput}
            className={classes.hidden}
            type="file"
            accept="image/*"
            capture="environment"
            aria-label="Take photo"
            onChange={(event) => {
              add(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        ) : null}
      </div>
    </Input.Wrapper>
  );
}
