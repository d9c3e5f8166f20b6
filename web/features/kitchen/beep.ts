/**
 * The display's sound when a new ticket arrives: a short two-tone beep made with Web Audio (no
 * sound file to load). Browsers let a page play sound only after a user gesture, so the audio
 * context is created (or resumed) at the first tap or key on the page; before that, `beep`
 * plays nothing.
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const w = window as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Creates or resumes the audio context: call from a user gesture (a tap, a key). */
export function unlockAudio(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

/** True once a gesture has let the page play sound. */
export function audioReady(): boolean {
  return context?.state === 'running';
}

/** Two short tones (880 Hz, then 1320 Hz), loud enough for a kitchen; nothing before a gesture. */
export function beep(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const [i, frequency] of [880, 1320].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    const at = start + i * 0.18;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.17);
  }
}
