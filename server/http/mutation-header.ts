/** Header by which the push dispatcher tells a route which pushed mutation it is applying. */
export const MUTATION_HEADER = 'x-sync-mutation';

export function mutationHeader(clientId: string, mutationId: string): string {
  return `${clientId} ${mutationId}`;
}
