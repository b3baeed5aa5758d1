import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../shared/views';
import { i18n } from '../i18n/i18n.svelte';
import { detailSource } from './pet-detail';

describe('where the details of an animal not sent yet say it comes from', () => {
  afterEach(() => i18n.choose(null));
  const addedAt = new Date(2026, 10, 26, 10, 42).getTime();
  const waiting: OutboxItem = {
    id: '5f0c6b5e-7d3a-4a53-9a0b-6f1b4c1f2a10',
    environmentId: 'demo',
    pet: { name: 'Waldi', categoryId: '1' },
    state: 'queued',
    createdAt: addedAt,
    attempts: 0,
  };
  const row = { key: waiting.id, pet: { name: 'Waldi', categoryId: '1' }, waiting };

  it('says in German since when it waits, “seit 10:42”, as German says a time (“erfasst 10:42” wanted an “um”)', () => {
    i18n.choose('de');
    expect(detailSource(row, null, addedAt + 60_000)).toBe(
      'Diese Kasse, noch nicht gesendet (seit 10:42): Wartet auf das Senden',
    );
    expect(detailSource(row, null, addedAt + 86_400_000)).toBe(
      'Diese Kasse, noch nicht gesendet (seit 26. November, 10:42): Wartet auf das Senden',
    );
  });

  it('says in Spanish when it was added as the copy’s age does, “añadido: 10:42” (“añadido 10:42” wanted “a las”)', () => {
    i18n.choose('es');
    expect(detailSource(row, null, addedAt + 60_000)).toBe(
      'Este mostrador, sin enviar (añadido: 10:42): Pendiente de envío',
    );
    expect(detailSource(row, null, addedAt + 86_400_000)).toBe(
      'Este mostrador, sin enviar (añadido: 26 de noviembre, 10:42): Pendiente de envío',
    );
  });
});
