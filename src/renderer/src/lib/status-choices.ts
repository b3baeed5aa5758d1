import type { PetStatus } from '../../../shared/pet';
import type { MessageId } from '../i18n/messages/en';

/** The list's status filter: every status, or one of them. */
export type StatusChoice = 'all' | PetStatus;

/** The filter's choices, each named by a message. */
export const STATUS_CHOICES: ReadonlyArray<{ value: StatusChoice; label: MessageId }> = [
  { value: 'all', label: 'status.all' },
  { value: 'available', label: 'status.available' },
  { value: 'pending', label: 'status.pending' },
  { value: 'sold', label: 'status.sold' },
];
