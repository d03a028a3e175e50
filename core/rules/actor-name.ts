/**
 * The name a record keeps of who created or last changed it (creatorName, lastModifierName, a note's
 * userName): the person's first and last name, else their email. The server stores it; a device shows
 * the same name on its optimistic row until the server's copy arrives.
 */
export function actorName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
