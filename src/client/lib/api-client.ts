import type { z } from 'zod';
import { errorResponseSchema, SERVER_ERROR_MESSAGE, type ErrorResponse } from '#shared/contracts/errors.ts';

/** A failed API call, with the server's error body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | null,
  ) {
    super(body?.error.message ?? (status >= 500 ? SERVER_ERROR_MESSAGE : `Request failed (${status})`));
    this.name = 'ApiError';
  }

  get referenceId(): string | undefined {
    return this.body?.referenceId;
  }
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal };

/**
 * The one way the client calls the API: same-origin cookies, JSON both ways, the response checked
 * against the shared contract, and failures turned into ApiError.
 */
export async function apiRequest<T>(
  path: string,
  schema: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(path, options);
  return schema.parse(await response.json());
}

/** The same, for calls whose answer carries nothing the client reads. */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}

/** A file the server answers (e.g. a CSV export): its bytes and its Content-Disposition header. */
export async function apiDownload(
  path: string,
  { accept, signal }: { accept: string; signal?: AbortSignal },
): Promise<{ blob: Blob; contentDisposition: string | null }> {
  const response = await send(path, { signal }, accept);
  return { blob: await response.blob(), contentDisposition: response.headers.get('content-disposition') };
}

async function send(
  path: string,
  { method = 'GET', body, signal }: RequestOptions,
  accept = 'application/json',
): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept } : { accept, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, await readError(response));
  return response;
}

async function readError(response: Response): Promise<ErrorResponse | null> {
  try {
    const parsed = errorResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Sends a file as the raw body (application/octet-stream) and parses the JSON answer with the
 * contract. XMLHttpRequest rather than fetch, because only it reports the upload's progress:
 * `onProgress` gets the fraction sent, `onSent` fires once every byte is out (the server then reads it).
 */
export function apiUpload<T>(
  path: string,
  schema: z.ZodType<T>,
  { file, onProgress, onSent }: { file: Blob; onProgress?: (fraction: number) => void; onSent?: () => void },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => onSent?.();
    request.onerror = () => reject(new ApiError(0, null));
    request.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(request.responseText) as unknown;
      } catch {
        json = null;
      }
      if (request.status < 200 || request.status >= 300) {
        const parsed = errorResponseSchema.safeParse(json);
        reject(new ApiError(request.status, parsed.success ? parsed.data : null));
        return;
      }
      try {
        resolve(schema.parse(json));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.send(file);
  });
}
