import { useEffect, useState } from 'react';
import type { Af1800Form } from '../../../core/schema/af1800.ts';
import { renderAf1800Pdf } from '../../pdf/af1800-client.ts';
import { OfflineError, SignInRequiredError } from '../../sync/errors.ts';

export type Af1800PdfState =
  | { stage: 'collecting' }
  | { stage: 'drawing'; vehicles: number }
  | { stage: 'empty' }
  | { stage: 'ready'; data: Uint8Array }
  | { stage: 'failed'; message: string };

export const OLDER_MONTHS_OFFLINE =
  'Months before the previous one come from the server, which cannot be reached now. The current and the previous month open offline.';

function messageOf(error: unknown): string {
  if (error instanceof OfflineError || error instanceof SignInRequiredError) return OLDER_MONTHS_OFFLINE;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Collects the forms (`load`), then draws them in the PDF worker. `load` runs again when its identity
 * changes; a failed server read is not retried (part 2 §8), the user asks again.
 */
export function useAf1800Pdf(load: (() => Promise<Af1800Form[]>) | null, title: string): Af1800PdfState {
  const [state, setState] = useState<Af1800PdfState>({ stage: 'collecting' });
  useEffect(() => {
    if (!load) return;
    let cancelled = false;
    const set = (next: Af1800PdfState) => {
      if (!cancelled) setState(next);
    };
    set({ stage: 'collecting' });
    void (async () => {
      try {
        const forms = await load();
        if (forms.length === 0) return set({ stage: 'empty' });
        set({ stage: 'drawing', vehicles: forms.length });
        set({ stage: 'ready', data: await renderAf1800Pdf(forms, title) });
      } catch (error) {
        set({ stage: 'failed', message: messageOf(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [load, title]);
  return state;
}
