import { describe, expect, it } from 'vitest';
import { pullResponseSchema } from './sync.ts';

const page = (changes: unknown[]) => ({ cursor: 'c1', hasMore: false, reset: false, acks: [], changes });

describe('pullResponseSchema', () => {
  it('takes a page whose changes carry their rows as objects, and deletes without one', () => {
    const parsed = pullResponseSchema.parse(
      page([
        { t: 'notes', op: 'put', id: 'n1', data: { noteId: 'n1', text: 'Tire low' } },
        { t: 'notes', op: 'delete', id: 'n2' },
      ]),
    );
    expect(parsed.changes.map((c) => [c.id, c.data?.text ?? null])).toEqual([
      ['n1', 'Tire low'],
      ['n2', null],
    ]);
  });

  it.each([
    ['a text', 'n1'],
    ['a list', ['n1']],
    ['null', null],
  ])('refuses a page whose change carries its row as %s', (_what, data) => {
    const result = pullResponseSchema.safeParse(page([{ t: 'notes', op: 'put', id: 'n1', data }]));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A change carries its row as an object');
  });
});
