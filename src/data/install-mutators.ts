import { installMutators } from '../sync/mutator-registry.ts';
import { MUTATORS } from './mutators.ts';

// Imported for its effect by each entry point that syncs (the app, the pull worker, the unit tests).
installMutators(MUTATORS);
