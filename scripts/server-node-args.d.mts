/** node's arguments for a server process with this environment (server-node-args.mjs). */
export function serverNodeArgs(env: Record<string, string | undefined>): string[];
