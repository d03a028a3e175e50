import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, type ButtonProps, type ModalProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useDirtyForm } from '../pwa/dirty-forms.ts';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /**
   * Runs on Submit (button or Enter). A thrown error keeps the dialog open and shows its message;
   * without onSubmit the dialog is view-only and its footer offers only Close.
   */
  onSubmit?: () => void | Promise<void>;
  /** The form is valid (and, where it matters, changed): Submit stays disabled until then. */
  canSubmit?: boolean;
  submitLabel?: string;
  cancelLabel?: string;
  /** An error from outside the submit (a failed load, a server message the caller already has). */
  error?: ReactNode;
  /** Close after a successful submit; false for dialogs that show a result first. */
  closeOnSuccess?: boolean;
  size?: ModalProps['size'];
  /** The buttons' size: 'lg' where they are tapped with a glove (the inspection app). */
  buttonSize?: ButtonProps['size'];
  /**
   * The form holds unsaved input: while open, a new app version waits instead of reloading it away,
   * and a tap outside, Escape or the close button asks before discarding it (Cancel does not ask).
   */
  dirty?: boolean;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The one modal frame every dialog uses (part 1 §2: "Dialogs share a modal frame with a Submit button
 * disabled until the form is valid"). The body is a real <form>, so Enter in a field submits exactly
 * when the Submit button is enabled (browsers skip implicit submission through a disabled default
 * button). Escape and the close button close it, except while a submit is in flight, so a half-done
 * write is never hidden from the user. A dialog holding typed input asks before a stray tap outside,
 * Escape or the close button throws it away (issue 52): 'Keep editing' is the first choice.
 */
export const DISCARD_QUESTION = 'Discard what you typed?';

export function FormModal({
  opened,
  onClose,
  title,
  children,
  onSubmit,
  canSubmit = true,
  submitLabel = 'Submit',
  cancelLabel = 'Cancel',
  error,
  closeOnSuccess = true,
  size,
  buttonSize,
  dirty = false,
}: FormModalProps) {
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  useDirtyForm(opened && dirty);

  const close = () => {
    if (submitting) return;
    setSubmitError(null);
    setAsking(false);
    onClose();
  };
  // An outside tap, Escape or the close button: with typed input, ask first (a second Escape keeps editing).
  const dismiss = () => {
    if (submitting) return;
    if (!dirty) close();
    else setAsking((shown) => !shown);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!onSubmit || !canSubmit || submitting) return;
    setSubmitError(null);
    setSubmitting(true);
    try {
      await onSubmit();
      setSubmitting(false);
      if (closeOnSuccess) onClose();
    } catch (err) {
      setSubmitting(false);
      setSubmitError(messageOf(err));
    }
  };

  const shownError = submitError ?? error;

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={title}
      size={size}
      closeOnEscape={!submitting}
      closeOnClickOutside={!submitting}
      closeButtonProps={{ 'aria-label': 'Close', disabled: submitting }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {children}
          {shownError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {shownError}
            </Alert>
          ) : null}
          {asking ? (
            <Alert color="yellow" variant="light" role="alert" title={DISCARD_QUESTION} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" size={buttonSize} onClick={() => setAsking(false)} autoFocus>
                  Keep editing
                </Button>
                <Button color="red" size={buttonSize} onClick={close}>
                  Discard
                </Button>
              </Group>
            </Alert>
          ) : (
            <Group justify="flex-end" gap="sm" mt="xs">
              {onSubmit ? (
                <>
                  <Button variant="default" size={buttonSize} onClick={close} disabled={submitting}>
                    {cancelLabel}
                  </Button>
                  <Button type="submit" size={buttonSize} disabled={!canSubmit} loading={submitting}>
                    {submitLabel}
                  </Button>
                </>
              ) : (
                <Button variant="default" size={buttonSize} onClick={close}>
                  Close
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
