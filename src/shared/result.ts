import type { AppError } from './app-error';

/** What crosses the IPC boundary: a value, or a typed error — never an exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(error: AppError): Result<T> => ({ ok: false, error });
