import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATEST_MS, afterNextPaint } from './after-paint';

/** The animation frames asked for, run by `frame` as the browser would before painting. */
let frames: FrameRequestCallback[] = [];
const frame = () => frames.splice(0).forEach((callback) => callback(performance.now()));

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs the tasks asked for before a frame together, once, in a task after that frame', () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('write'));
    afterNextPaint(() => ran.push('totals'));
    vi.advanceTimersByTime(0);
    expect(ran).toEqual([]);

    frame();
    // The frame's own work (its paint) comes first.
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['write', 'totals']);
    vi.advanceTimersByTime(LATEST_MS);
    expect(ran).toEqual(['write', 'totals']);
  });

  it('runs them after LATEST_MS when no frame comes (a hidden page), and not again at its frame', () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('write'));
    vi.advanceTimersByTime(LATEST_MS - 1);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['write']);

    // A task asked for later waits for a frame of its own.
    afterNextPaint(() => ran.push('later'));
    frame();
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['write', 'later']);
    frame();
    vi.advanceTimersByTime(LATEST_MS);
    expect(ran).toEqual(['write', 'later']);
  });
});
