import { useEffect, useState } from 'react';

/** A blob's bytes, for viewers that read bytes (pdf.js). */
export function useBytes(blob: Blob | null): Uint8Array | null {
  const [bytes, setBytes] = useState<{ blob: Blob; data: Uint8Array } | null>(null);
  useEffect(() => {
    if (!blob) return;
    let live = true;
    void blob.arrayBuffer().then((buffer) => live && setBytes({ blob, data: new Uint8Array(buffer) }));
    return () => {
      live = false;
    };
  }, [blob]);
  return bytes && bytes.blob === blob ? bytes.data : null;
}
