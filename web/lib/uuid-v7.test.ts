import { describe, expect, it } from 'vitest';
import { uuidSchema } from '../../shared/schemas/common.schemas';
import { uuidv7 } from './uuid-v7';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('uuidv7', () => {
  it('makes RFC 9562 version 7 ids the server accepts, stamped with the time', () => {
    const before = Date.now();
    const id = uuidv7();
    const after = Date.now();
    expect(id).toMatch(V7);
    expect(uuidSchema.safeParse(id).success).toBe(true);
    expect(msOf(id)).toBeGreaterThanOrEqual(before);
    expect(msOf(id)).toBeLessThanOrEqual(after + 1);
  });

  it('sorts in the order the ids were made, many in one millisecond included', () => {
    const ids = Array.from({ length: 20_000 }, uuidv7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
