import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentShiftId, rememberShift } from './current-shift';

/** A device's storage, as the browser's localStorage behaves. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('the shift this device works at', () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is none at first, then the shift remembered under tf.cash.shift, until it is forgotten', () => {
    expect(currentShiftId()).toBeNull();
    rememberShift('0190f5c0-0000-7000-8000-00000000000a');
    expect(storage.items.get('tf.cash.shift')).toBe('0190f5c0-0000-7000-8000-00000000000a');
    expect(currentShiftId()).toBe('0190f5c0-0000-7000-8000-00000000000a');
    rememberShift(null);
    expect(currentShiftId()).toBeNull();
  });

  it('is none when the browser refuses its storage, and remembering then does no harm', () => {
    const refused = () => {
      throw new Error('SecurityError');
    };
    vi.stubGlobal('window', {
      localStorage: { getItem: refused, setItem: refused, removeItem: refused },
    });
    expect(() => rememberShift('x')).not.toThrow();
    expect(currentShiftId()).toBeNull();
  });
});
