import {
  AppFailure,
  appError,
  err,
  invalidInput,
  ipcContract,
  ok,
  type AppError,
  type IpcMethod,
  type IpcOutput,
  type IpcParsedInput,
  type Result,
} from '../../shared';
import type { z } from 'zod';
import type { Handlers } from './handlers/context';
import type { Logger } from './logger';
import { redactAppError, redactText } from './redaction';

/**
 * A thrown error as the renderer may see it: an AppFailure's own error with
 * no credential in its values (whatever the service put there), anything
 * else a plain "internal" with the details left in the log.
 */
export function toAppError(method: string, error: unknown, logger: Logger, secrets: Iterable<string>): AppError {
  if (error instanceof AppFailure) {
    const known = [...secrets];
    logger.warn(`${method}: ${redactText(error.message, known)}`);
    return redactAppError(error.appError, known);
  }
  logger.error(`${method}: unexpected failure`, error);
  return appError('internal', 'internal');
}

/** The contract seen per method, so a method's schema and its handler line up without casts. */
const inputs: { [M in IpcMethod]: { input: z.ZodType<IpcParsedInput<M>> } } = ipcContract;

export const isIpcMethod = (method: string): method is IpcMethod => Object.hasOwn(ipcContract, method);

/** One request: its input parsed by its channel's schema, its handler run, any failure a typed error. */
export async function dispatch<M extends IpcMethod>(
  handlers: Handlers,
  method: M,
  rawInput: unknown,
  logger: Logger,
  secrets: () => Iterable<string>,
): Promise<Result<IpcOutput<M>>> {
  // The method name may come straight off a transport: only the contract's own keys are requests.
  if (!isIpcMethod(method)) return err(appError('invalid_input', 'unknown_request'));
  const parsed = inputs[method].input.safeParse(rawInput);
  if (!parsed.success) return err(invalidInput(parsed.error));
  const handler: Handlers[M] = handlers[method];
  try {
    return ok(await handler(parsed.data));
  } catch (error) {
    return err(toAppError(method, error, logger, secrets()));
  }
}
