import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { downloadBlob } from '../../components/download-file.ts';
import { useMirror } from '../../sync/react.tsx';

/**
 * 'Print QR label' (issue 49): the vehicle's label as a PDF to print, so that a motor pool labels its
 * fleet and an inspector scans the vehicle instead of typing its registration. Made on the device
 * (offline too); the label's code loads with the click, not with the vehicle page.
 */
export function QrLabelButton({ regNumber, vehicleType }: { regNumber: string; vehicleType: string }) {
  const db = useMirror();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      const [{ qrLabelPdf }, orgs] = await Promise.all([import('../../../core/qr/qr-label-pdf.ts'), db.feed('organizations').toArray()]);
      const bytes = await qrLabelPdf({ regNumber, vehicleType, orgName: orgs[0]?.name ?? '' });
      downloadBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), `QR label ${regNumber}.pdf`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconQrcode size={18} aria-hidden />} onClick={() => void print()} loading={busy}>
      Print QR label
    </Button>
  );
}
