import { text } from 'drizzle-orm/pg-core';

/**
 * Who created and last changed a record. Names are stored beside the ids, as they were at the time,
 * so that rows serialize without a join and keep their author after a user is renamed or removed.
 */
export function auditColumns() {
  return {
    creatorId: text('creator_id'),
    creatorName: text('creator_name'),
    lastModifierId: text('last_modifier_id'),
    lastModifierName: text('last_modifier_name'),
  };
}
