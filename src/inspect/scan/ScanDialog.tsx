import { useEffect, useRef, useState } from 'react';
import { READABLE_TITLE } from '../readable.ts';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { regNumberKey } from '../../../core/schema/registration.ts';
import type { InspectVehicle } from '../use-inspect-vehicles.ts';
import { createCodeReader } from './code-reader.ts';

/** How often a frame is read: quick enough to feel instant, slow enough to leave the tablet idle between. */
const READ_EVERY_MS = 200;

type ScanState = { kind: 'starting' } | { kind: 'scanning'; unknown: string | null } | { kind: 'failed'; message: string };

function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return 'The camera is not allowed for this app. Allow it in the browser’s site settings, or search by registration.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'This device has no camera to scan with. Search by registration instead.';
  return 'The camera could not be started. Search by registration instead.';
}

/**
 * Scan: the camera (the back one on a tablet) reads the vehicle's QR label or barcode, which carries
 * its registration; a registration of a vehicle on this tablet opens it.
 */
export function ScanDialog({ vehicles, onFound, onClose }: { vehicles: readonly InspectVehicle[]; onFound: (vehicleId: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ kind: 'starting' });
  const known = useRef(vehicles);
  known.current = vehicles;
  const found = useRef(onFound);
  found.current = onFound;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (!live || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const reader = await createCodeReader();
        setState({ kind: 'scanning', unknown: null });
        const tick = async () => {
          if (!live || !video.current) return;
          const text = await reader.read(video.current).catch(() => null);
          const match = text ? known.current.find((v) => regNumberKey(v.regNumber) === regNumberKey(text)) : undefined;
          if (match) return found.current(match.vehicleId);
          if (text) setState({ kind: 'scanning', unknown: text.trim() });
          timer = setTimeout(() => void tick(), READ_EVERY_MS);
        };
        void tick();
      } catch (error) {
        if (live) setState({ kind: 'failed', message: cameraMessage(error) });
      }
    };
    void start();
    return () => {
      live = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Modal opened onClose={onClose} title="Scan a vehicle label" size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {state.kind === 'failed' ? (
          <Alert color="red" title="No camera" styles={READABLE_TITLE}>
            {state.message}
          </Alert>
        ) : (
          <>
            <video
              ref={video}
              muted
              playsInline
              aria-label="Camera"
              style={{ width: '100%', maxHeight: '60dvh', background: '#000', borderRadius: 8, objectFit: 'cover' }}
            />
            <Text size="lg" role="status">
              {state.kind === 'starting'
                ? 'Starting the camera…'
                : state.unknown
                  ? `“${state.unknown}” is not a vehicle on this tablet. Scan another label, or search by registration.`
                  : 'Hold the label’s code inside the picture.'}
            </Text>
          </>
        )}
        <Button size="lg" variant="default" onClick={onClose}>
          Cancel
        </Button>
      </Stack>
    </Modal>
  );
}
