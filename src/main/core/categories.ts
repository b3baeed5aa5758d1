import { z } from 'zod';
import { CategoryLabel, EnvironmentId } from '../../shared';
import type { OpenedDocument, ReadOutcome } from './json-store';

const CategoriesDocument = z.strictObject({
  version: z.literal(1),
  labels: z.partialRecord(EnvironmentId, z.array(CategoryLabel)),
});
type CategoriesDocument = z.infer<typeof CategoriesDocument>;

/** The demo service's categories (see its seed), so a newcomer sees names from the start. */
export const defaultCategories = (): CategoriesDocument => ({
  version: 1,
  labels: {
    demo: [
      { id: '1', label: 'Dogs' },
      { id: '2', label: 'Cats' },
      { id: '3', label: 'Birds' },
      { id: '4', label: 'Fish' },
      { id: '5', label: 'Reptiles' },
      { id: '6', label: 'Small mammals' },
    ],
  },
});

export function readCategories(raw: Record<string, unknown>): ReadOutcome<CategoriesDocument> {
  if (Object.keys(raw).length === 0) return { ok: true, value: defaultCategories(), migrated: true };
  const parsed = CategoriesDocument.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data, migrated: false } : { ok: false, problem: 'not_recognised' };
}

/** Category names per environment, kept on this computer: added and renamed by the clerk, sorted by id. */
export class Categories {
  private document: CategoriesDocument;

  constructor(private readonly file: OpenedDocument<CategoriesDocument>) {
    this.document = file.value;
  }

  of(environmentId: EnvironmentId): CategoryLabel[] {
    return this.document.labels[environmentId] ?? [];
  }

  /** Adds a name for an id, or renames it. */
  set(environmentId: EnvironmentId, category: CategoryLabel): CategoryLabel[] {
    const others = this.of(environmentId).filter((known) => known.id !== category.id);
    const next = [...others, category].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    this.document = { ...this.document, labels: { ...this.document.labels, [environmentId]: next } };
    this.file.save(this.document);
    return next;
  }

  flush(): Promise<void> {
    return this.file.flush();
  }
}
