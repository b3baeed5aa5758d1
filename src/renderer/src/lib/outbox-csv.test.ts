import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../shared/views';
import { describeItem, outboxCsv } from './outbox';

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  id: '5f0c6b5e-7d3a-4a53-9a0b-6f1b4c1f2a10',
  environmentId: 'demo',
  pet: { name: 'Rex', categoryId: '1' },
  state: 'queued',
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  attempts: 0,
  ...over,
});

describe('the outbox for the clerk', () => {
  it('exports the queue as CSV a spreadsheet reads safely', () => {
    const csv = outboxCsv([
      item({}),
      item({
        pet: { name: 'Mr "Fluffy", Jr', categoryId: '2' },
        state: 'sent',
        created: { id: '9', name: 'x', categoryId: '2', status: 'available' },
      }),
      item({ pet: { name: '=HYPERLINK()', categoryId: '3' } }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'name,categoryId,status,state,createdAt,serviceId,lastError',
      'Rex,1,,queued,2026-01-02T03:04:05.000Z,,',
      '"Mr ""Fluffy"", Jr",2,,sent,2026-01-02T03:04:05.000Z,9,',
      "'=HYPERLINK(),3,,queued,2026-01-02T03:04:05.000Z,,",
      '',
    ]);
  });

  it('says how often an animal was tried in words, not "3×"', () => {
    expect(describeItem(item({ attempts: 1 }))).toBe('Waiting to be sent — tried once');
    expect(describeItem(item({ attempts: 3 }))).toBe('Waiting to be sent — tried 3 times');
  });
});
