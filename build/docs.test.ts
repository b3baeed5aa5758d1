import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository documents itself: every relative link in a tracked Markdown
 * file reaches a file (and heading) inside the repository, and every folder the
 * module map in docs/architecture.md names exists.
 */
const ROOT = resolve(import.meta.dirname, '..');
const tracked = (pattern: string): string[] =>
  execFileSync('git', ['ls-files', '--', pattern], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const markdownFiles = tracked('*.md').filter((file) => existsSync(resolve(ROOT, file)));

/** The Markdown without fenced blocks and code spans, where a link is only text. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function links(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ''] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${String(count)}`);
  }
  return anchors;
}

function headingsText(file: string): string {
  // Headings inside code spans still count for anchors: read them from the raw text.
  return readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

describe('the Markdown of the repository', () => {
  it('has documents to check', () => {
    expect(markdownFiles).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/decisions.md', 'docs/service-contract.md']),
    );
  });

  it.each(markdownFiles)('%s: every relative link reaches a file and heading inside the repository', (file) => {
    const broken: string[] = [];
    for (const link of links(readFileSync(resolve(ROOT, file), 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto: — not a path
      const [path = '', anchor] = link.split('#');
      const target = path === '' ? resolve(ROOT, file) : resolve(ROOT, dirname(file), decodeURI(path));
      const inside = relative(ROOT, target);
      if (inside.startsWith('..') || inside.startsWith(sep)) broken.push(`${link} (outside the repository)`);
      else if (!existsSync(target)) broken.push(`${link} (no such file)`);
      else if (anchor && statSync(target).isFile() && !anchorsOf(headingsText(target)).has(anchor)) {
        broken.push(`${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(markdownFiles)('%s: never points at ../shared, which a clone does not have', (file) => {
    const lines = readFileSync(resolve(ROOT, file), 'utf8').split('\n');
    const mentions = lines.flatMap((line, index) =>
      /\.\.\/shared\b/.test(line) ? [`${String(index + 1)}: ${line}`] : [],
    );
    expect(mentions).toEqual([]);
  });

  it('finds GitHub heading anchors as GitHub makes them', () => {
    expect([
      ...anchorsOf("## The shell's security model\n## Decisions on the spec's gaps\n## Speed\n## Speed"),
    ]).toEqual(['the-shells-security-model', 'decisions-on-the-specs-gaps', 'speed', 'speed-1']);
  });
});

describe('the module map in docs/architecture.md', () => {
  const architecture = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');
  const mapped = [...architecture.matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1] ?? '');

  it('names only folders that exist', () => {
    expect(mapped.filter((folder) => !existsSync(resolve(ROOT, folder)))).toEqual([]);
  });
});
