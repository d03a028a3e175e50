import { useEffect, useState } from 'react';
import { z } from 'zod';
import { fleetRowSchema, type FleetRow } from '../../../core/schema/fleet.ts';
import { useServerRead } from '../../sync/react.tsx';

/** Every vehicle, the decommissioned too, as the mirror's rows are: the grid's In Commission filter hides those. */
export const FIRST_SYNC_ROWS_PATH = '/data/v2/fleet/bulk?showArchives=true';
const rowsSchema = z.array(fleetRowSchema);

/**
 * The server's Fleet Details rows, asked once while a first sync fills the mirror (`filling`): the
 * server makes them with the same rule over the summaries it keeps, so a device signing in for the
 * first time shows its fleet in seconds rather than once the whole history is stored. undefined when
 * not filling, before the answer, and when the call fails (the screen then waits for the mirror, as
 * it would have). The mirror's rows replace these as soon as the first sync is done.
 */
export function useFirstSyncRows(filling: boolean): FleetRow[] | undefined {
  const read = useServerRead();
  const [rows, setRows] = useState<FleetRow[] | undefined>(undefined);
  useEffect(() => {
    if (!filling) return;
    let live = true;
    read(FIRST_SYNC_ROWS_PATH, rowsSchema).then(
      (answer) => {
        if (live) setRows(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
      // A later first sync (a reset while the screen is open) must not show this one's rows.
      setRows(undefined);
    };
  }, [filling, read]);
  return filling ? rows : undefined;
}
