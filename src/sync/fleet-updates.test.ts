import { describe, expect, it, vi } from 'vitest';
import { FleetUpdates } from './fleet-updates.ts';
import { noteEvent } from './testing/events.ts';

const ids = (updates: FleetUpdates) => updates.get().events.map((e) => e.eventId);

describe('FleetUpdates', () => {
  it('lists events newest first, once each', () => {
    const updates = new FleetUpdates();
    updates.add(noteEvent('e1', '2025-01-01T10:00:00.000Z'));
    updates.add(noteEvent('e2', '2025-01-01T10:05:00.000Z'));
    updates.add(noteEvent('e1', '2025-01-01T10:00:00.000Z'), noteEvent('e0', '2025-01-01T09:00:00+00:00'));
    expect(ids(updates)).toEqual(['e2', 'e1', 'e0']);
  });

  it('dismisses by eventId and clears all; neither comes back from a second source', () => {
    const updates = new FleetUpdates();
    updates.add(noteEvent('e1', '2025-01-01T10:00:00.000Z'), noteEvent('e2', '2025-01-01T10:05:00.000Z'));
    updates.dismiss('e2');
    expect(ids(updates)).toEqual(['e1']);
    updates.clearAll();
    expect(ids(updates)).toEqual([]);
    updates.add(noteEvent('e2', '2025-01-01T10:05:00.000Z'), noteEvent('e1', '2025-01-01T10:00:00.000Z'));
    expect(ids(updates)).toEqual([]);
  });

  it('notifies subscribers only on change', () => {
    const updates = new FleetUpdates();
    const listener = vi.fn();
    updates.subscribe(listener);
    updates.setConnected(true);
    updates.setConnected(true);
    updates.dismiss('missing');
    updates.clearAll();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(updates.get().connected).toBe(true);
  });
});
