/**
 * A tap's frame first, the rest after it (issue 32, item 4): what a tap must do but need not show
 * in its own frame (keeping it on the device, sending it, the order's totals and lines) runs
 * once the browser has painted the frame being made, all of it in one task. A hidden page paints
 * no frames: the work then runs after `LATEST_MS` at the most (and the tap outbox does its own at
 * once when the page is hidden: order-sync.ts).
 */
export const LATEST_MS = 100;

/** The tasks waiting for the next frame, run together. */
let batch: (() => void)[] | null = null;

/** Runs `task` after the next frame is painted: in a task queued from its animation frame. */
export function afterNextPaint(task: () => void): void {
  if (batch) {
    batch.push(task);
    return;
  }
  const tasks = [task];
  batch = tasks;
  const run = () => {
    if (batch !== tasks) return;
    batch = null;
    clearTimeout(latest);
    for (const waiting of tasks) waiting();
  };
  const latest = setTimeout(run, LATEST_MS);
  requestAnimationFrame(() => setTimeout(run, 0));
}
