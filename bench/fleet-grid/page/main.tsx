// The Fleet Details benchmark page (bench/fleet-grid.bench.ts drives it): the app's real screen, built
// on its own, never part of the app's dist.
import '@mantine/core/styles.css';
import type { FleetBenchApi } from '../api.ts';
import { createBenchApi } from './bench-api.ts';

(window as unknown as { fleetBench: FleetBenchApi }).fleetBench = createBenchApi();
