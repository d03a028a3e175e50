/** Header by which the push dispatcher tells a route which pushed mutation it is applying. */
export const MUTATION_HEADER = 'x-sync-mutation';

/** Header on the answer of a write: the organization revision the change took (the pull delivers it at that revision). */
export const REVISION_HEADER = 'x-revision';

export function mutationHeader(clientId: string, mutationId: string): string {
  return `${clientId} ${mutationId}`;
}
