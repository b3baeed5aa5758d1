import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { PetstoreApp } from '../fixtures';

/** Serious and critical WCAG 2 A/AA findings on what is on screen now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Attaches a screenshot of the screen, then expects no serious accessibility finding on it. */
export async function expectAccessible(petstore: PetstoreApp, screen: string): Promise<void> {
  await petstore.snap(screen);
  expect(await seriousViolations(petstore.page), screen).toEqual([]);
}

export const COLOR_SCHEMES = ['light', 'dark'] as const;
