import { MESSAGES } from '../../shared/messages';

/**
 * The one client for the server's JSON API. Every failure becomes an ApiError whose message is
 * the server's short human sentence (or a network sentence), so screens can show it as is.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> } };

const listeners = new Set<(error: ApiError) => void>();
/** Lets the app react to session ends (401) and plan ends (403 plan codes) in one place. */
export function onApiError(listener: (error: ApiError) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function api<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    /** 'blob' for a file (a CSV export); failures still come as the server's JSON error. */
    responseType?: 'json' | 'blob';
  } = {},
): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      signal: options.signal,
      headers: {
        accept: 'application/json',
        // A custom header a cross-site form cannot send: the server's CSRF check for mutations.
        'x-requested-with': 'tableflow',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(0, 'network', MESSAGES.common.networkError);
  }
  if (response.status === 204) return undefined as T;
  if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
  const data = (await response.json().catch(() => ({}))) as T & ErrorBody;
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      data.error?.code ?? 'unknown',
      data.error?.message ?? `The server answered ${response.status}.`,
      data.error?.fields,
    );
    listeners.forEach((listener) => listener(error));
    throw error;
  }
  return data;
}
