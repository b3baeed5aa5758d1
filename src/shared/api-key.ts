import { z } from 'zod';
import type { FieldProblem } from './app-error';

/**
 * An API key as every channel that takes one accepts it (saving and "Test and save" alike): it travels in an
 * HTTP header, so visible ASCII only, checked before anything is sent. The messages never repeat the key.
 */
export const ApiKeyText = z
  .string()
  .trim()
  .min(1, 'key_missing' satisfies FieldProblem)
  .max(4096, 'key_too_long' satisfies FieldProblem)
  .regex(/^[\x21-\x7e]+$/, 'key_characters' satisfies FieldProblem);
