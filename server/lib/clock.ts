/** The server's notion of now; tests inject a fixed or movable clock. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
