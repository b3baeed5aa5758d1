import { z } from 'zod';
import { AppFailure, CategoryLabel, EnvironmentId, appError, sameLabel, type Int64String } from '../../shared';
import { isRecord, type OpenedDocument, type ReadOutcome } from './json-store';

// One name per id: the list, the add form and the export each name an id by it, so a second would make them differ.
const oneNamePerId = (labels: CategoryLabel[]) => new Set(labels.map((label) => label.id)).size === labels.length;

const CategoriesDocument = z.strictObject({
  version: z.literal(1),
  labels: z.partialRecord(EnvironmentId, z.array(CategoryLabel).refine(oneNamePerId)),
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
  if (parsed.success) return { ok: true, value: parsed.data, migrated: false };
  // A newer version's file: the names this version can read, never written.
  if (typeof raw.version === 'number' && raw.version > 1) {
    return { ok: true, value: readNameByName(raw.labels).value, migrated: false, newer: true };
  }
  if (raw.version !== 1) return { ok: false, problem: 'not_recognised' };
  const { value, read, unread } = readNameByName(raw.labels);
  return read === 0 ? { ok: false, problem: 'not_recognised' } : { ok: true, value, migrated: true, unread };
}

/**
 * A file the schema refuses, read name by name: one name that cannot be read costs only itself, and is named; so is
 * any name after an id's first.
 */
function readNameByName(labels: unknown): { value: CategoriesDocument; read: number; unread: string[] } {
  const value: CategoriesDocument = { version: 1, labels: {} };
  const unread: string[] = [];
  let read = 0;
  const stored = isRecord(labels) ? labels : {};
  for (const [environment, names] of Object.entries(stored)) {
    const environmentId = EnvironmentId.safeParse(environment);
    if (!environmentId.success || !Array.isArray(names)) {
      unread.push(`labels.${environment}`);
      continue;
    }
    const kept: CategoryLabel[] = [];
    names.forEach((name: unknown, index) => {
      const parsed = CategoryLabel.safeParse(name);
      if (parsed.success && !kept.some((known) => known.id === parsed.data.id)) kept.push(parsed.data);
      else unread.push(`labels.${environment}.${String(index)}`);
    });
    read += kept.length;
    value.labels[environmentId.data] = kept;
  }
  return { value, read, unread };
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

  /** Adds a name for an id, or renames it; a name another id of the environment bears (case and accents aside) is refused. */
  set(environmentId: EnvironmentId, category: CategoryLabel): CategoryLabel[] {
    const taken = sameLabel(this.of(environmentId), category);
    if (taken) {
      const params = { label: taken.label, id: taken.id };
      throw new AppFailure(appError('invalid_input', 'invalid_value', { params, fields: { category: 'label_taken' } }));
    }
    const others = this.of(environmentId).filter((known) => known.id !== category.id);
    return this.write(
      environmentId,
      [...others, category].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)),
    );
  }

  /** Takes the name off an id (the id itself stays usable by number). */
  remove(environmentId: EnvironmentId, id: Int64String): CategoryLabel[] {
    return this.write(
      environmentId,
      this.of(environmentId).filter((known) => known.id !== id),
    );
  }

  private write(environmentId: EnvironmentId, labels: CategoryLabel[]): CategoryLabel[] {
    this.document = { ...this.document, labels: { ...this.document.labels, [environmentId]: labels } };
    this.file.save(this.document);
    return labels;
  }

  flush(): Promise<void> {
    return this.file.flush();
  }
}
