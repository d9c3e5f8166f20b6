/** A shift's address in the API. */
export const shiftPath = (id: string) => `/cash/shifts/${encodeURIComponent(id)}`;
