import type { AppError } from '../../../shared/app-error';
import type { IpcInput, IpcMethod, IpcOutput, PetstoreApi } from '../../../shared/ipc-contract';
import type { Result } from '../../../shared/result';
import { t } from '../i18n/i18n.svelte';

type Call<M extends IpcMethod> = (input: IpcInput<M>) => Promise<Result<IpcOutput<M>>>;

/**
 * Every request to main goes through here. Both transports promise a Result,
 * but a broken bridge (a crashed main process, a stopped preview server)
 * rejects instead; the screens then show a message rather than hang.
 */
export async function call<M extends IpcMethod>(
  api: PetstoreApi,
  method: M,
  input: IpcInput<M>,
): Promise<Result<IpcOutput<M>>> {
  try {
    const fn = api[method] as unknown as Call<M>;
    return await fn(input);
  } catch {
    return {
      ok: false,
      error: { kind: 'internal', message: t('app.lostContact') },
    };
  }
}

/** The bridge the preload (or the web preview) installs; screens pass it to `call`, tests pass their own. */
export function petstore(): PetstoreApi {
  return window.petstore;
}

/** Errors a new or corrected API key fixes: the screens lead to the key entry for these. */
export function isKeyProblem(error: AppError): boolean {
  return error.kind === 'no_api_key' || error.kind === 'unauthorized';
}

export function isOfflineError(error: AppError): boolean {
  return error.kind === 'unreachable' || error.kind === 'timeout';
}
